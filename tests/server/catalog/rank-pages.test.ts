// Rank pages served from generations of the rank tables (store/rank-generations.ts publishes a
// generation with the snapshot version, store/rank-pages.ts reads a page of one), against the
// in-memory engine's lists as the rank route cuts them (ids, ranks, rank changes,
// totals, plan limits, every metric as the API names it), on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL. A second publication writes a new generation while readers
// keep reading the old one: mid-fill a page of the old generation answers (on PostgreSQL from
// another connection, while the fill's transaction is open), the version has not moved, and
// after the switch the cleanup of the next publication deletes the old generation's rows. A
// slot's refresh over unchanged data publishes its version on the generation there is (no fill,
// the same pages); after a data change (an import's version) the slot's refresh fills one.
// readRankPageCards (a page and its cards in one statement, as the rank lists are served) reads
// the same pages as readRankPage with readCardMap's cards, and null where the page has no row;
// its cards' totals are the ones the rows carry (summed once by the fill), or summed again for a
// calendar other than the generation's; other cards read the search rows' popularity instead,
// and search hits' cards (readSearchHitCards) the popularity their search read.
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import {
  DEFAULT_RANK_TYPE,
  MAX_RANK_LIMIT,
  RankQueryError,
  visiblePage,
  type Dataset,
  type EntityKind,
  type MarketCode,
  type RankWindow,
} from "../../../server/modules/catalog/engine";
import { rankList } from "../oracle/rank";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { apiFigures } from "../../../server/modules/catalog/services/present";
import { readCardMap, readRankPageCards, readSearchHitCards } from "../../../server/modules/catalog/store/cards-sql";
import { calendarOf, readMeta, writeMeta } from "../../../server/modules/catalog/store/meta";
import {
  publishRankGeneration,
  rankGenerations,
  rankRowsPartitions,
  servedGeneration,
  versionLists,
  type FilledGeneration,
} from "../../../server/modules/catalog/store/rank-generations";
import {
  everyRankListPage,
  readRankPage,
  type RankPage,
  type RankPageQuery,
} from "../../../server/modules/catalog/store/rank-pages";
import { describeOnBothDatabases } from "../helpers/app";
import { oracleOf, type OracleSnapshot } from "../helpers/oracle";

/** The weighted commission rate is summed in another order in SQL: compared to 12 digits. */
function comparable(row: Record<string, unknown>): Record<string, unknown> {
  const rate = row.weighted_commission_rate;
  return typeof rate === "number" ? { ...row, weighted_commission_rate: Number(rate.toPrecision(12)) } : row;
}

/** The engine's page as the rank route cuts it, reduced to the fields a rank-table page holds. */
function enginePage(snapshot: OracleSnapshot, query: RankPageQuery) {
  const { rows } = rankList(snapshot.rank, {
    entity: query.entity,
    rankType: query.rankType ?? DEFAULT_RANK_TYPE[query.entity],
    window: query.window,
    market: query.market,
    categoryId: query.categoryId,
    limit: MAX_RANK_LIMIT,
  });
  const visible = visiblePage(query.visibleRows, query.page, query.size, rows.length);
  return {
    total: rows.length,
    limited: visible.limited,
    rows: rows
      .slice(visible.offset, visible.offset + visible.count)
      .map((row) =>
        comparable({ id: row.id, rank: row.rank, rank_change: row.rankChange, ...apiFigures(row.metrics) }),
      ),
  };
}

const pageOf = (page: RankPage) => ({ total: page.total, limited: page.limited, rows: page.rows.map(comparable) });

/** Every list of the dataset, as queries for its first 100 rows. */
const everyList = (dataset: Dataset) =>
  everyRankListPage(
    dataset.categories.map((c) => c.id),
    100,
  );

/** A deterministic pseudo-random sequence (a linear congruential generator). */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

const goodsPage: RankPageQuery = {
  entity: "goods",
  window: "30d",
  market: "VN",
  categoryId: null,
  page: 1,
  size: 20,
  visibleRows: null,
};

async function rowsOfGeneration(database: Database, generation: number): Promise<number> {
  const counted = await database.db.execute(
    sql`SELECT (SELECT count(*) FROM rank_rows WHERE list_key LIKE ${`${generation}/%`})
      + (SELECT count(*) FROM rank_lists WHERE list_key LIKE ${`${generation}/%`}) AS n`,
  );
  return Number((counted as { rows: { n: string | number }[] }).rows[0].n);
}

function pageTests(database: () => Database) {
  let dataset: Dataset;
  let first: FilledGeneration;

  beforeAll(async () => {
    ({ dataset } = await seedDemoDataset(database().db, { seed: "rank-pages", scale: 0.03, today: "2025-06-20" }));
    first = (await publishRankGeneration(database(), { slot: null }))!;
  });

  it("serves every list's pages as the engine's rank route does", async () => {
    const db = database().db;
    expect(first.version).toBe((await readMeta(db))!.version);
    expect(first.filled.lists).toBe(everyList(dataset).length);
    const snapshot = oracleOf(dataset);
    // Every market-wide list's first 100 rows, then random pages, sizes and plan limits of any list.
    const all = everyList(dataset);
    let rows = 0;
    for (const query of all.filter((list) => list.categoryId === null)) {
      const page = (await readRankPage(db, first.version, query))!;
      expect(pageOf(page), JSON.stringify(query)).toEqual(enginePage(snapshot, query));
      rows += page.rows.length;
    }
    expect(rows).toBeGreaterThan(1000);
    const next = random(21);
    let limited = 0;
    for (let i = 0; i < 800; i++) {
      const list = all[Math.floor(next() * all.length)];
      const visibleRows = [null, 0, 5, 10, 50][Math.floor(next() * 5)];
      const query = { ...list, page: 1 + Math.floor(next() * 3), size: 1 + Math.floor(next() * 12), visibleRows };
      const page = (await readRankPage(db, first.version, query))!;
      expect(pageOf(page), JSON.stringify(query)).toEqual(enginePage(snapshot, query));
      if (page.limited) limited++;
    }
    expect(limited).toBeGreaterThan(10);
    // The default rank type is the engine's.
    const defaulted = { ...goodsPage, rankType: undefined };
    expect(pageOf((await readRankPage(db, first.version, defaulted))!)).toEqual(enginePage(snapshot, defaulted));
  });

  it("answers bad queries as the engine does, and null for a generation it does not hold", async () => {
    const db = database().db;
    const snapshot = oracleOf(dataset);
    const bad: RankPageQuery[] = [
      { ...goodsPage, rankType: "nope" },
      { ...goodsPage, window: "2d" as RankWindow },
      { ...goodsPage, market: "XX" as MarketCode },
      { ...goodsPage, entity: "shops" as EntityKind },
      { ...goodsPage, categoryId: 987_654 },
      { ...goodsPage, entity: "music", rankType: "hot", categoryId: dataset.categories[0].id },
    ];
    for (const query of bad) {
      let engineError: unknown;
      try {
        enginePage(snapshot, query);
      } catch (error) {
        engineError = error;
      }
      expect(engineError, JSON.stringify(query)).toBeInstanceOf(RankQueryError);
      await expect(readRankPage(db, first.version, query)).rejects.toThrow(
        new RankQueryError((engineError as Error).message),
      );
    }
    await expect(readRankPage(db, first.version, { ...goodsPage, page: 0 })).rejects.toBeInstanceOf(RankQueryError);
    // A page past the list's end is empty, with the list's total.
    const past = { ...goodsPage, page: 5_000 };
    expect(pageOf((await readRankPage(db, first.version, past))!)).toEqual(enginePage(snapshot, past));
    expect(await readRankPage(db, first.version + 100, goodsPage)).toBeNull();
  });

  it("reads a page with its cards in one statement as readRankPage and readCardMap read them", async () => {
    const db = database().db;
    const calendar = calendarOf((await readMeta(db))!);
    // Half of the pages from market-wide lists: most category lists of this small dataset are short.
    const all = everyList(dataset);
    const marketWide = all.filter((list) => list.categoryId === null);
    const next = random(7);
    let compared = 0;
    for (let i = 0; i < 300; i++) {
      const lists = i % 2 === 0 ? marketWide : all;
      const list = lists[Math.floor(next() * lists.length)];
      const visibleRows = [null, 0, 5, 50][Math.floor(next() * 4)];
      const query = { ...list, page: 1 + Math.floor(next() * 3), size: 1 + Math.floor(next() * 12), visibleRows };
      const page = (await readRankPage(db, first.version, query))!;
      const joined = await readRankPageCards(db, calendar, first.version, query);
      if (page.rows.length === 0) {
        expect(joined, JSON.stringify(query)).toBeNull();
        continue;
      }
      const cards = await readCardMap(
        db,
        calendar,
        query.entity,
        page.rows.map((row) => row.id),
      );
      expect(joined, JSON.stringify(query)).toEqual({ page, cards: page.rows.map((row) => cards.get(row.id)) });
      compared++;
    }
    expect(compared).toBeGreaterThan(60);
    await expect(
      readRankPageCards(db, calendar, first.version, { ...goodsPage, categoryId: 987_654 }),
    ).resolves.toBeNull();
    await expect(
      readRankPageCards(db, calendar, first.version, { ...goodsPage, window: "2d" as RankWindow }),
    ).rejects.toThrow(RankQueryError);
    expect(await readRankPageCards(db, calendar, first.version, { ...goodsPage, page: 5_000 })).toBeNull();
    expect(await readRankPageCards(db, calendar, first.version + 100, goodsPage)).toBeNull();
  });

  it("stores each row's card total with the generation, and sums it for another calendar", async () => {
    const db = database().db;
    const meta = (await readMeta(db))!;
    const calendar = calendarOf(meta);
    // Every row of goods, influencers and videos carries its total; music and hashtags none.
    const carried = (
      (await db.execute(sql`SELECT split_part(r.list_key, '/', 2) AS kind, count(*)::int AS n,
          count(r.card_total)::int AS with_total,
          bool_and(l.calendar_start = ${calendar.startDate}::date) AS same_start
        FROM rank_rows r JOIN rank_lists l ON l.list_key = r.list_key
        WHERE r.list_key LIKE ${`${first.version}/%`} GROUP BY 1 ORDER BY 1`)) as {
        rows: Array<{ kind: string; n: number; with_total: number; same_start: boolean }>;
      }
    ).rows;
    expect(
      carried.map(({ kind, n, with_total: withTotal, same_start: sameStart }) => [kind, withTotal === n, sameStart]),
    ).toEqual([
      ["goods", true, true],
      ["hashtags", false, true],
      ["influencers", true, true],
      ["music", false, true],
      ["videos", true, true],
    ]);
    // A calendar a day shorter (a generation serving a newer calendar): the cards are summed
    // over that calendar, not taken from the rows' totals, which differ.
    const shorter = calendarOf({ ...meta, days: meta.days - 1 });
    let differing = 0;
    for (const entity of ["goods", "influencers", "videos"] as const) {
      const query = { ...goodsPage, entity, rankType: DEFAULT_RANK_TYPE[entity], size: 20 };
      const joined = (await readRankPageCards(db, shorter, first.version, query))!;
      const ids = joined.page.rows.map((row) => row.id);
      const summed = await readCardMap(db, shorter, entity, ids);
      expect(joined.cards).toEqual(ids.map((id) => summed.get(id)));
      const stored = await readCardMap(db, calendar, entity, ids);
      differing += ids.filter((id) => JSON.stringify(summed.get(id)) !== JSON.stringify(stored.get(id))).length;
    }
    expect(differing).toBeGreaterThan(0);
    // The page's cards read the total its row carries: a changed one shows.
    const goodsOnly = { ...goodsPage, entity: "goods" as const };
    const [row] = (await readRankPageCards(db, calendar, first.version, goodsOnly))!.cards;
    const key = `${first.version}/goods/${DEFAULT_RANK_TYPE.goods}/${goodsPage.window}/${goodsPage.market}/all`;
    const bump = (by: number) =>
      db.execute(sql`UPDATE rank_rows SET card_total = card_total + ${by} WHERE list_key = ${key} AND rank = 1`);
    await bump(1000);
    try {
      const [bumped] = (await readRankPageCards(db, calendar, first.version, goodsOnly))!.cards;
      expect(bumped).toEqual({ ...row, total_sales: row.total_sales + 1000 });
    } finally {
      await bump(-1000);
    }
    // Other cards (search hits, favourites) read the total the entity's search row holds as its
    // popularity, for the stored calendar only: a changed popularity shows in the card.
    const { id } = (await readRankPage(db, first.version, goodsPage))!.rows[0];
    const card = async (asked: typeof calendar) => (await readCardMap(db, asked, "goods", [id])).get(id)!;
    const [before, beforeShorter] = [await card(calendar), await card(shorter)];
    await db.execute(
      sql`UPDATE search_documents SET popularity = popularity + 1000 WHERE kind = 'goods' AND id = ${id}`,
    );
    try {
      expect(await card(calendar)).toEqual({ ...before, total_sales: before.total_sales + 1000 });
      expect(await card(shorter)).toEqual(beforeShorter);
    } finally {
      await db.execute(
        sql`UPDATE search_documents SET popularity = popularity - 1000 WHERE kind = 'goods' AND id = ${id}`,
      );
    }
  });

  it("reads search hits' cards with the popularity the search read as their totals", async () => {
    const db = database().db;
    const meta = (await readMeta(db))!;
    const calendar = calendarOf(meta);
    const shorter = calendarOf({ ...meta, days: meta.days - 1 });
    for (const entity of ["goods", "influencers", "videos"] as const) {
      const query = { ...goodsPage, entity, rankType: DEFAULT_RANK_TYPE[entity], size: 20 };
      const ids = (await readRankPage(db, first.version, query))!.rows.map((row) => row.id);
      const popularity = new Map(
        (
          (await db.execute(sql`SELECT id, popularity FROM search_documents
            WHERE kind = ${entity} AND id = ANY(${sql.param(ids)}::text[])`)) as {
            rows: Array<{ id: string; popularity: number }>;
          }
        ).rows.map((row) => [row.id, Number(row.popularity)]),
      );
      expect(popularity.size).toBe(ids.length);
      // As the search rows hold them: the same cards as readCardMap's, for the stored calendar
      // (an influencer's followers count its initial followers once) and for another (summed).
      expect(await readSearchHitCards(db, calendar, entity, popularity)).toEqual(
        await readCardMap(db, calendar, entity, ids),
      );
      expect(await readSearchHitCards(db, shorter, entity, popularity)).toEqual(
        await readCardMap(db, shorter, entity, ids),
      );
      // The total is the popularity given, not one read again.
      const [id] = ids;
      const raised = await readSearchHitCards(db, calendar, entity, new Map([[id, popularity.get(id)! + 1000]]));
      const plain = (await readCardMap(db, calendar, entity, [id])).get(id)!;
      const field = { goods: "total_sales", influencers: "followers", videos: "views" }[entity];
      expect(raised.get(id)).toEqual({ ...plain, [field]: Number((plain as Record<string, unknown>)[field]) + 1000 });
    }
  });

  it("keeps serving the old generation while a new one is filled, then switches and deletes the old", async () => {
    const { db } = database();
    const served = (await readRankPage(db, first.version, goodsPage))!;
    expect(served.rows.length).toBeGreaterThan(0);
    const events: string[] = [];
    let checkedMidFill = false;
    const interleaved: { read?: Promise<void> } = {};
    const second = (await publishRankGeneration(database(), {
      slot: null,
      afterStatement: async ({ label }) => {
        // Not awaited by the fill: on PGlite it runs between the fill's statements.
        interleaved.read ??= readRankPage(db, first.version, goodsPage).then((page) => {
          events.push("read issued at the fill's start answered");
          expect(page).toEqual(served);
        });
        if (checkedMidFill || !label.endsWith(": rows")) return;
        checkedMidFill = true;
        // New rows are written: the old generation still answers and the version has not moved.
        expect(await readRankPage(db, first.version, goodsPage)).toEqual(served);
        expect((await readMeta(db))!.version).toBe(first.version);
        // On PostgreSQL this read ran on another connection while the fill's transaction is
        // open: the new generation is not visible before its commit.
        if (database().kind === "postgres") expect(await readRankPage(db, first.version + 1, goodsPage)).toBeNull();
        events.push("read mid-fill answered");
      },
    }))!;
    events.push("published");
    await interleaved.read;
    expect(events.at(-1)).toBe("published");
    expect(events.sort()).toEqual(["published", "read issued at the fill's start answered", "read mid-fill answered"]);
    expect(second.version).toBe(first.version + 1);
    expect((await readMeta(db))!.version).toBe(second.version);
    expect(second.previous).toBe(first.version);
    // The same data: the new generation serves the same page; the old one is kept for readers still at it.
    expect(await readRankPage(db, second.version, goodsPage)).toEqual(served);
    expect(await readRankPage(db, first.version, goodsPage)).toEqual(served);
    expect(second.deleted.generations).toEqual([]);
    expect(await rankGenerations(db)).toEqual([first.version, second.version]);
    // Each generation's rows in its own partition.
    expect(await rankRowsPartitions(database().db)).toEqual([first.version, second.version]);

    const third = (await publishRankGeneration(database(), { slot: null }))!;
    expect(third.deleted.generations).toEqual([first.version]);
    expect(third.deleted.rows).toBe(first.filled.rows);
    expect(await rowsOfGeneration(database(), first.version)).toBe(0);
    expect(await readRankPage(db, first.version, goodsPage)).toBeNull();
    expect(await rankGenerations(db)).toEqual([second.version, third.version]);
    // The old generation's rows went with its partition.
    expect(await rankRowsPartitions(database().db)).toEqual([second.version, third.version]);
    expect(await readRankPage(db, third.version, goodsPage)).toEqual(served);
  });

  it("publishes a slot over unchanged data on the generation it has, and fills one after a data change", async () => {
    const { db } = database();
    const before = (await readMeta(db))!;
    expect(await versionLists(db, before.version)).toEqual({ generation: before.version, current: true });
    const served = (await readRankPage(db, before.version, goodsPage))!;
    expect(served.rows.length).toBeGreaterThan(0);

    // A slot's refresh: a new version, served by the same generation, nothing filled.
    const slot = new Date("2030-03-01T08:00:00Z");
    const reused = (await publishRankGeneration(database(), { slot }))!;
    expect(reused).toMatchObject({ version: before.version + 1, previous: before.version, generation: before.version });
    expect(reused.filled).toBeNull();
    expect((await readMeta(db))!.version).toBe(reused.version);
    expect(await servedGeneration(db, reused.version)).toBe(before.version);
    expect(await versionLists(db, reused.version)).toEqual({ generation: before.version, current: true });
    expect(await rankGenerations(db)).toEqual([before.version]);
    expect(await rankRowsPartitions(db)).toEqual([before.version]);
    expect(await readRankPage(db, reused.generation, goodsPage)).toEqual(served);
    expect(await publishRankGeneration(database(), { slot })).toBeNull();

    // A data change (an import's new data version): the generation serves it until a fill.
    const imported = await writeMeta(
      db,
      { source: "import", seed: before.seed, scale: before.scale, calendar: calendarOf(before) },
      "import",
    );
    expect(await versionLists(db, imported)).toEqual({ generation: before.version, current: false });
    const filled = (await publishRankGeneration(database(), { slot: new Date("2030-03-01T12:00:00Z") }))!;
    expect(filled).toMatchObject({ version: imported + 1, generation: imported + 1, previous: imported });
    expect(filled.filled!.lists).toBe(first.filled.lists);
    expect(await versionLists(db, filled.version)).toEqual({ generation: filled.version, current: true });
    expect(await readRankPage(db, filled.version, goodsPage)).toEqual(served);
    expect(await rankGenerations(db)).toEqual([before.version, filled.version]);
  });
}

describeOnBothDatabases(pageTests);
