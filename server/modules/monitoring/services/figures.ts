// An item's figures in a snapshot (services/rules.ts compares them): its place in its kind's
// default list of its market over MONITOR_WINDOW, the units it sold in that window, an
// influencer's video count, and whether it is in the top list. The lists a snapshot needs are
// ranked once per (kind, market) and kept with the snapshot, so a batch of thousands of items
// costs a few list computations.
import { MONITOR_WINDOW, TOP_LIST_SIZE, type MonitorKind } from "../../../../contract/monitoring";
import { RANK_WINDOW_DAYS } from "../../../../contract/rank";
import { MAX_RANK_LIMIT, rankList, type DataSnapshot } from "../../catalog";
import type { Figures } from "./rules";

const ranks = new WeakMap<DataSnapshot, Map<string, Map<string, number>>>();

/** id -> place in the default list of `kind` for `market` (the first MAX_RANK_LIMIT rows). */
function placesOf(
  snapshot: DataSnapshot,
  kind: MonitorKind,
  market: DataSnapshot["dataset"]["goods"][number]["market"],
): Map<string, number> {
  let byList = ranks.get(snapshot);
  if (!byList) ranks.set(snapshot, (byList = new Map<string, Map<string, number>>()));
  const key = `${kind}|${market}`;
  let places = byList.get(key);
  if (!places) {
    const list = rankList(snapshot.rank, { entity: kind, window: MONITOR_WINDOW, market, limit: MAX_RANK_LIMIT });
    places = new Map(list.rows.map((row) => [row.id, row.rank]));
    byList.set(key, places);
  }
  return places;
}

/** The item's row in the snapshot, or undefined when it left the dataset. */
export function rowIn(snapshot: DataSnapshot, kind: MonitorKind, id: string): number | undefined {
  return snapshot.rows[kind].get(id);
}

/** Figures of the item at `row`. */
export function figuresOf(snapshot: DataSnapshot, kind: MonitorKind, row: number): Figures {
  const { dataset } = snapshot;
  const entity = kind === "goods" ? dataset.goods[row] : dataset.influencers[row];
  const rank = placesOf(snapshot, kind, entity.market).get(entity.id) ?? null;
  const series = dataset.series[kind];
  const last = series.days - 1;
  const sales = series.sum("salesVolume", row, last - RANK_WINDOW_DAYS[MONITOR_WINDOW] + 1, last);
  const figures: Figures = { rank, sales, inTopList: rank !== null && rank <= TOP_LIST_SIZE };
  if (kind === "influencers") figures.videos = snapshot.rank.influencerVideos[row].length;
  return figures;
}
