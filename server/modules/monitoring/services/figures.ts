// Items' figures in a snapshot (services/rules.ts compares them), for a batch of items read from
// the database: each one's place in its kind's default list of its market over MONITOR_WINDOW,
// the units it sold in that window, an influencer's video count, and whether it is in the top
// list (the catalog's readWindowFigures and readRankPlaces). Places come from the rank tables'
// generation of the snapshot's version; while that generation is not published yet (right after
// a seed or an import) from the engine's lists, ranked once per (kind, market) and kept with
// the snapshot. Items gone from the dataset have no figures.
import { MONITOR_WINDOW, TOP_LIST_SIZE, type MonitorKind } from "../../../../contract/monitoring";
import { RANK_WINDOW_DAYS } from "../../../../contract/rank";
import {
  calendarOfSnapshot,
  generationStored,
  MAX_RANK_LIMIT,
  rankList,
  readRankPlaces,
  readWindowFigures,
  type DataSnapshot,
  type MarketCode,
  type Queryable,
} from "../../catalog";
import { cardKey } from "./cards";
import type { MonitorRow } from "./monitors";
import type { Figures } from "./rules";

type ItemKey = Pick<MonitorRow, "kind" | "entityId">;

const enginePlaces = new WeakMap<DataSnapshot, Map<string, Map<string, number>>>();

/** id -> place in the engine's default list of `kind` for `market` (the first MAX_RANK_LIMIT rows). */
function placesInEngine(snapshot: DataSnapshot, kind: MonitorKind, market: MarketCode): Map<string, number> {
  let byList = enginePlaces.get(snapshot);
  if (!byList) enginePlaces.set(snapshot, (byList = new Map<string, Map<string, number>>()));
  const key = `${kind}|${market}`;
  let places = byList.get(key);
  if (!places) {
    const list = rankList(snapshot.rank, { entity: kind, window: MONITOR_WINDOW, market, limit: MAX_RANK_LIMIT });
    places = new Map(list.rows.map((row) => [row.id, row.rank]));
    byList.set(key, places);
  }
  return places;
}

/** The figures of the stored items among `items`, by `cardKey`. */
export async function figuresOfItems(
  db: Queryable,
  snapshot: DataSnapshot,
  items: readonly ItemKey[],
): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>();
  if (!snapshot.meta || !items.length) return figures;
  const calendar = calendarOfSnapshot(snapshot);
  const fromTables = await generationStored(db, snapshot.version);
  for (const kind of ["goods", "influencers"] as const) {
    const ids = items.filter((item) => item.kind === kind).map((item) => item.entityId);
    const stored = await readWindowFigures(db, calendar, kind, ids, RANK_WINDOW_DAYS[MONITOR_WINDOW]);
    const idsByMarket = new Map<MarketCode, string[]>();
    for (const [id, { market }] of stored) idsByMarket.set(market, [...(idsByMarket.get(market) ?? []), id]);
    const places = fromTables ? await readRankPlaces(db, snapshot.version, kind, MONITOR_WINDOW, idsByMarket) : null;
    for (const [id, { market, sales, videos }] of stored) {
      const rank = (places ? places.get(id) : placesInEngine(snapshot, kind, market).get(id)) ?? null;
      const item: Figures = { rank, sales, inTopList: rank !== null && rank <= TOP_LIST_SIZE };
      if (videos !== undefined) item.videos = videos;
      figures.set(cardKey({ kind, entityId: id }), item);
    }
  }
  return figures;
}
