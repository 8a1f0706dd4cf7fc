// Items' figures in a snapshot (services/rules.ts compares them), for a batch of items read from
// the database: each one's place in its kind's default list of its market over MONITOR_WINDOW,
// the units it sold in that window, an influencer's video count, and whether it is in the top
// list (the catalog's readWindowFigures and readRankPlaces). Places come from the rank tables'
// generation that serves the snapshot (servedGeneration: its own, or right after a seed or an
// import the one before it until the refresh publishes the new lists). Items gone from the
// dataset have no figures; without any generation stored, no item has figures yet
// (services/evaluation.ts then keeps every baseline).
import { MONITOR_WINDOW, TOP_LIST_SIZE } from "../../../../contract/monitoring";
import { RANK_WINDOW_DAYS } from "../../../../contract/rank";
import {
  readRankPlaces,
  readWindowFigures,
  servedGeneration,
  type DataSnapshot,
  type MarketCode,
  type Queryable,
} from "../../catalog";
import { cardKey } from "./cards";
import type { MonitorRow } from "./monitors";
import type { Figures } from "./rules";

type ItemKey = Pick<MonitorRow, "kind" | "entityId">;

/** The figures of the stored items among `items`, by `cardKey`. */
export async function figuresOfItems(
  db: Queryable,
  snapshot: DataSnapshot,
  items: readonly ItemKey[],
): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>();
  if (!snapshot.meta || !items.length) return figures;
  const { calendar } = snapshot;
  const generation = await servedGeneration(db, snapshot.version);
  if (generation === null) return figures;
  for (const kind of ["goods", "influencers"] as const) {
    const ids = items.filter((item) => item.kind === kind).map((item) => item.entityId);
    const stored = await readWindowFigures(db, calendar, kind, ids, RANK_WINDOW_DAYS[MONITOR_WINDOW]);
    const idsByMarket = new Map<MarketCode, string[]>();
    for (const [id, { market }] of stored) idsByMarket.set(market, [...(idsByMarket.get(market) ?? []), id]);
    const places = await readRankPlaces(db, generation, kind, MONITOR_WINDOW, idsByMarket);
    for (const [id, { sales, videos }] of stored) {
      const rank = places.get(id) ?? null;
      const item: Figures = { rank, sales, inTopList: rank !== null && rank <= TOP_LIST_SIZE };
      if (videos !== undefined) item.videos = videos;
      figures.set(cardKey({ kind, entityId: id }), item);
    }
  }
  return figures;
}
