// Monitored items' figures read from the database (services/figures.ts over the catalog's
// readWindowFigures and readRankPlaces) against the in-memory engine, for every goods and
// influencer of a seeded dataset, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: the
// place in the default list of its market over MONITOR_WINDOW (from the rank tables' generation
// serving the snapshot: its own, or the one before it; none before any is published), the units
// sold over that window, an influencer's video count, top-list membership; unknown ids have none.
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { MONITOR_WINDOW, TOP_LIST_SIZE, type MonitorKind } from "../../../contract/monitoring";
import { RANK_WINDOW_DAYS } from "../../../contract/rank";
import type { DataSnapshot } from "../../../server/modules/catalog";
import { MAX_RANK_LIMIT } from "../../../server/modules/catalog/engine";
import { rankList } from "../oracle/rank";
import { refreshRanks } from "../../../server/modules/catalog/jobs/refresh";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { snapshotOf } from "../../../server/modules/catalog/services/snapshot";
import { readMeta } from "../../../server/modules/catalog/store/meta";
import { cardKey } from "../../../server/modules/monitoring/services/cards";
import { figuresOfItems } from "../../../server/modules/monitoring/services/figures";
import type { Figures } from "../../../server/modules/monitoring/services/rules";
import { describeOnBothDatabases } from "../helpers/app";
import { oracleSnapshot, type OracleSnapshot } from "../helpers/oracle";

/** The engine's figures of every goods and influencer of the dataset, by cardKey. */
function engineFigures(oracle: OracleSnapshot): Map<string, Figures> {
  const figures = new Map<string, Figures>();
  const { dataset } = oracle;
  for (const kind of ["goods", "influencers"] as const) {
    const places = new Map<string, number>();
    for (const market of new Set(dataset[kind].map((e) => e.market)))
      for (const row of rankList(oracle.rank, { entity: kind, window: MONITOR_WINDOW, market, limit: MAX_RANK_LIMIT })
        .rows)
        places.set(row.id, row.rank);
    const series = dataset.series[kind];
    const last = series.days - 1;
    dataset[kind].forEach((entity, row) => {
      const rank = places.get(entity.id) ?? null;
      const sales = series.sum("salesVolume", row, last - RANK_WINDOW_DAYS[MONITOR_WINDOW] + 1, last);
      const item: Figures = { rank, sales, inTopList: rank !== null && rank <= TOP_LIST_SIZE };
      if (kind === "influencers") item.videos = oracle.rank.influencerVideos[row].length;
      figures.set(cardKey({ kind, entityId: entity.id }), item);
    });
  }
  return figures;
}

describeOnBothDatabases((database) => {
  let snapshot: DataSnapshot;
  let oracle: OracleSnapshot;
  let items: { kind: MonitorKind; entityId: string }[];

  beforeAll(async () => {
    await seedDemoDataset(database().db, { seed: "figures", scale: 0.05 });
    snapshot = snapshotOf((await readMeta(database().db))!);
    oracle = await oracleSnapshot(database());
    items = (["goods", "influencers"] as const).flatMap((kind) =>
      oracle.dataset[kind].map((entity) => ({ kind, entityId: entity.id })),
    );
  }, 120_000);

  it("equals the engine's figures once the rank tables hold lists that serve the snapshot", async () => {
    const expected = engineFigures(oracle);
    expect([...expected.values()].some((figures) => figures.inTopList)).toBe(true);
    expect([...expected.values()].some((figures) => figures.rank === null)).toBe(true);
    // No generation yet: no figures (evaluation then keeps every baseline).
    expect((await figuresOfItems(database().db, snapshot, items)).size).toBe(0);

    const published = await refreshRanks(database(), null);
    const atPublished = { ...snapshot, version: published!.version };
    const unknown = [{ kind: "goods" as const, entityId: "g-unknown" }];
    const afterLists = await figuresOfItems(database().db, atPublished, [...items, ...unknown]);
    expect(afterLists.size).toBe(items.length);
    expect(afterLists).toEqual(expected);
    // A later version whose own lists are not filled yet is served by this generation.
    expect(await figuresOfItems(database().db, { ...snapshot, version: published!.version + 1 }, items)).toEqual(
      expected,
    );

    // The places are the rank tables': a place changed in the generation shows.
    const first = items.find((item) => item.kind === "goods" && expected.get(cardKey(item))?.rank === 1)!;
    await database().db.execute(
      sql`UPDATE rank_rows SET rank = 4242 WHERE list_key LIKE ${`${published!.version}/goods/%/${MONITOR_WINDOW}/%/all`}
        AND id = ${first.entityId} AND rank = 1`,
    );
    const changed = await figuresOfItems(database().db, atPublished, [first]);
    expect(changed.get(cardKey(first))).toMatchObject({ rank: 4242, inTopList: false });
  }, 120_000);
});
