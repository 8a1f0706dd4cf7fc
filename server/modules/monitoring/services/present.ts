// Monitored items and alerts as the API sends them (snake_case): an item with its thresholds,
// card and latest figures (read from the database: cards.ts, figures.ts) and the
// change found at its last evaluation; an alert with its words in the reader's language and the
// detail path it opens.
import { monitorDetailPath } from "../../../../contract/monitoring";
import type { DataSnapshot, Queryable } from "../../catalog";
import type { Translator } from "../../../lib/translations";
import { alertText } from "../alert-messages";
import type { AlertRow } from "./alerts";
import { cardKey, cardsOf, type ItemCard } from "./cards";
import { baselineOf } from "./evaluation";
import { figuresOfItems } from "./figures";
import type { Figures } from "./rules";
import { thresholdsOf, type MonitorRow } from "./monitors";

/** The items as the API sends them, in the order given. */
export async function presentItems(db: Queryable, snapshot: DataSnapshot, rows: readonly MonitorRow[]) {
  const [cards, figures] = await Promise.all([cardsOf(db, snapshot, rows), figuresOfItems(db, snapshot, rows)]);
  return rows.map((row) => presentItem(row, cards.get(cardKey(row)), figures.get(cardKey(row))));
}

function presentItem(row: MonitorRow, card: ItemCard | undefined, latest: Figures | undefined) {
  const t = thresholdsOf(row);
  const baseline = baselineOf(row);
  return {
    type: row.kind,
    id: row.entityId,
    created_at: row.createdAt.toISOString(),
    available: card !== undefined,
    thresholds: {
      rank_places: t.rankPlaces,
      sales_percent: t.salesPercent,
      new_videos: t.newVideos,
      top_list: t.topList,
    },
    ...(card === undefined ? {} : { card }),
    ...(latest
      ? {
          latest: {
            rank: latest.rank,
            sales: latest.sales,
            ...(latest.videos === undefined ? {} : { videos: latest.videos }),
            in_top_list: latest.inTopList,
          },
        }
      : {}),
    ...(baseline ? { change: { rank: baseline.rankChange, sales_percent: baseline.salesPercent } } : {}),
    evaluated_at: baseline ? new Date(baseline.evaluatedAt).toISOString() : null,
  };
}

export function presentAlert(translator: Translator, locale: string, alert: AlertRow) {
  return {
    id: alert.id,
    type: alert.type,
    item_type: alert.kind,
    item_id: alert.entityId,
    name: typeof alert.detail.name === "string" ? alert.detail.name : alert.entityId,
    text: alertText(translator, locale, alert),
    url: monitorDetailPath(alert.kind, alert.entityId),
    detail: alert.detail,
    created_at: alert.createdAt.toISOString(),
    read: alert.readAt !== null,
  };
}
