// The cards of monitored goods and influencers (the catalog's cards, read from the database over
// the snapshot's calendar, one statement per kind): the items' cards and the names alerts use.
import type { MonitorKind } from "../../../../contract/monitoring";
import { readCardMap, type CardOf, type DataSnapshot, type Queryable } from "../../catalog";
import type { MonitorRow } from "./monitors";

type ItemKey = Pick<MonitorRow, "kind" | "entityId">;
export type ItemCard = CardOf["goods"] | CardOf["influencers"];

export const cardKey = (item: ItemKey) => `${item.kind}|${item.entityId}`;

/** The cards of the stored items among `items` (goods' and influencers' cards), by `cardKey`. */
export async function cardsOf(db: Queryable, snapshot: DataSnapshot, items: readonly ItemKey[]) {
  const calendar = snapshot.calendar;
  const idsOf = (kind: MonitorKind) => items.filter((item) => item.kind === kind).map((item) => item.entityId);
  const [goods, influencers] = await Promise.all([
    readCardMap(db, calendar, "goods", idsOf("goods")),
    readCardMap(db, calendar, "influencers", idsOf("influencers")),
  ]);
  const cards = new Map<string, ItemCard>();
  for (const [id, card] of goods) cards.set(cardKey({ kind: "goods", entityId: id }), card);
  for (const [id, card] of influencers) cards.set(cardKey({ kind: "influencers", entityId: id }), card);
  return cards;
}

/** The display name alerts use: a product's title, an influencer's nickname. */
export const nameOf = (card: ItemCard): string => ("title" in card ? card.title : card.nickname);
