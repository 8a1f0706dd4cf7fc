// What detail pages, cards and related lists need, read from the database (store/
// entity-stats-sql.ts, cards-sql.ts, related-sql.ts, trend-sql.ts, influencer-sql.ts,
// rank-history-sql.ts) and the detail services built on them (services/details/*.ts), against
// the in-memory engine that served them before, which is the oracle (detail-oracle.ts): for a
// seeded demo dataset, every entity's derived stats equal deriveStats' (the influencers' mean
// commission rate to 12 significant digits: SQL sums the rates in another order), every shop's
// totals and category paths (the goods page's read, one goods per shop), every card equals
// present.ts', every related list read page by page with its cards equals the detail services'
// full order, trends over the last 30 days and over a range crossing the calendar's start equal
// trend.ts', and so do the influencer page's 30-day analysis and month calendars, the music and
// hashtag rank history (stored with the data, and ranked per request when not stored) and whole
// detail answers (every fourth goods, influencer and video, every music and hashtag), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL; stats, trends and details again
// after an import of late days that moves the calendar on (blocks then hold a day the calendar
// no longer counts), with the related lists' stored order keys and full orders. Unknown ids
// answer empty, never throw.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import {
  addDays,
  ENTITY_KINDS,
  rangeEndingOn,
  readImportFile,
  type Calendar,
  type Dataset,
  type DateRange,
  type EntityKind,
} from "../../../server/modules/catalog/engine";
import { importLines } from "../../../server/modules/catalog/import/importer";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { goodsDetail } from "../../../server/modules/catalog/services/details/goods";
import {
  influencerDetail as sqlInfluencerDetail,
  influencerVideos as sqlInfluencerVideos,
  VIDEO_FILTERS,
} from "../../../server/modules/catalog/services/details/influencers";
import { usageDetail } from "../../../server/modules/catalog/services/details/usage";
import { videoDetail } from "../../../server/modules/catalog/services/details/videos";
import { hashtagCard, influencerCard, musicCard } from "../../../server/modules/catalog/services/present";
import { rowsOf } from "../../../server/modules/catalog/store/calendar-sums";
import { readCards, readRelatedCards } from "../../../server/modules/catalog/store/cards-sql";
import { readEntities, readEntity, readGoodsPage } from "../../../server/modules/catalog/store/entity-stats-sql";
import { calendarOf, readMeta } from "../../../server/modules/catalog/store/meta";
import { loadDataset } from "../oracle/read-dataset";
import {
  goodsInfluencers,
  goodsVideos,
  influencerGoods,
  influencerVideos,
  usageGoods,
  usageInfluencers,
  usageVideos,
  type PageRange,
  type RelatedList,
} from "../../../server/modules/catalog/store/related-sql";
import { readRankHistory, writeRankHistory } from "../../../server/modules/catalog/store/rank-history-sql";
import { readTrend } from "../../../server/modules/catalog/store/trend-sql";
import { readInfluencerAnalysis, readInfluencerCalendar } from "../../../server/modules/catalog/store/influencer-sql";
import { describeOnBothDatabases } from "../helpers/app";
import { oracleOf, type OracleSnapshot } from "../helpers/oracle";
import {
  goodsCard,
  goodsDetail as engineGoodsDetail,
  influencerCalendar,
  influencerDetail,
  influencerVideos as engineInfluencerVideos,
  rankHistory,
  topRows,
  trend,
  usageDetail as engineUsageDetail,
  videoCard,
  videoDetail as engineVideoDetail,
} from "./detail-oracle";

const UNKNOWN = "no-such-id";
const PAGE = 3;

/** The influencers' mean commission rate to 12 significant digits; every other field as is. */
function comparable<T>(entity: T): T {
  const stats = (entity as { stats?: { commissionRate?: unknown } }).stats;
  if (!stats || !("followers" in stats) || typeof stats.commissionRate !== "number") return entity;
  return { ...entity, stats: { ...stats, commissionRate: Number(stats.commissionRate.toPrecision(12)) } };
}

/** A detail answer with the influencer profile's mean commission rate to 12 significant digits. */
function comparableDetail<T>(detail: T): T {
  const profile = (detail as { profile?: { commission_rate?: unknown } }).profile;
  if (!profile || typeof profile.commission_rate !== "number") return detail;
  return { ...detail, profile: { ...profile, commission_rate: Number(profile.commission_rate.toPrecision(12)) } };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, k) => items.slice(k * size, (k + 1) * size));
}

/** One page of a related list with its cards (readRelatedCards), as the cards' ids. */
async function relatedPage(db: Database["db"], calendar: Calendar, list: RelatedList, range: PageRange) {
  const page = await readRelatedCards(db, calendar, list, range);
  return { total: page.total, ids: page.cards.map((card) => card.id) };
}

/**
 * Every page of a related list with its cards, PAGE at a time, as the cards' ids concatenated;
 * each page states the same total, and so does a page past the end.
 */
async function allPages(db: Database["db"], calendar: Calendar, list: RelatedList): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await relatedPage(db, calendar, list, { limit: PAGE, offset });
    ids.push(...page.ids);
    if (page.ids.length < PAGE) {
      expect(page.total).toBe(ids.length);
      if (ids.length)
        expect(await relatedPage(db, calendar, list, { limit: PAGE, offset: offset + PAGE })).toEqual({
          total: ids.length,
          ids: [],
        });
      return ids;
    }
  }
}

async function expectSameEntities(database: Database, calendar: Calendar, dataset: Dataset) {
  for (const kind of ENTITY_KINDS) {
    const entities = dataset[kind] as readonly { id: string }[];
    for (const page of chunks(entities, 50)) {
      const read = await readEntities(database.db, calendar, kind, [...page.map((e) => e.id), UNKNOWN]);
      expect(read.size).toBe(page.length);
      for (const entity of page)
        expect(comparable(read.get(entity.id)), `${kind} ${entity.id}`).toEqual(comparable(entity));
    }
  }
  // Every shop with its totals through one of its goods (the goods page's read), with the goods'
  // category and that category's parent.
  const categories = new Map(dataset.categories.map((c) => [c.id, c]));
  const goodsOfShop = new Map(dataset.goods.map((g) => [g.shopId, g]));
  let shops = 0;
  for (const shop of dataset.shops) {
    const goods = goodsOfShop.get(shop.id);
    if (!goods) continue;
    const category = categories.get(goods.categoryId);
    const parent = category?.parentId == null ? undefined : categories.get(category.parentId);
    const page = await readGoodsPage(database.db, calendar, goods.id);
    expect(page, shop.id).toEqual({ goods, shop, category, parent });
    shops++;
  }
  expect(shops).toBeGreaterThan(10);
}

async function expectSameCards(database: Database, calendar: Calendar, snapshot: OracleSnapshot) {
  const { dataset } = snapshot;
  const engineCard: { [K in EntityKind]: (entity: never) => unknown } = {
    goods: (g) => goodsCard(snapshot, g),
    influencers: influencerCard,
    videos: (v) => videoCard(snapshot, v),
    music: musicCard,
    hashtags: hashtagCard,
  };
  for (const kind of ENTITY_KINDS) {
    // Asked in reverse order, an unknown id among them: the cards come back in the order asked.
    const entities = [...(dataset[kind] as readonly { id: string }[])].reverse();
    for (const page of chunks(entities, 40)) {
      const ids = page.map((e) => e.id);
      ids.splice(1, 0, UNKNOWN);
      const cards = await readCards(database.db, calendar, kind, ids);
      expect(cards, kind).toEqual(page.map((e) => comparable(engineCard[kind](e as never))));
    }
  }
}

/**
 * The related lists' stored order keys (search_documents' popularity, written with the data)
 * equal the engine's calendar totals for every video (views), goods (units sold) and
 * influencer (followers).
 */
async function expectStoredOrderKeys(database: Database, dataset: Dataset) {
  const rows = rowsOf<{ kind: string; id: string; popularity: number }>(
    await database.db.execute(sql`SELECT kind, id, popularity FROM search_documents`),
  );
  const stored = Object.fromEntries(
    (["videos", "goods", "influencers"] as const).map((kind) => [
      kind,
      Object.fromEntries(rows.filter((row) => row.kind === kind).map((row) => [row.id, Number(row.popularity)])),
    ]),
  );
  expect(stored).toEqual({
    videos: Object.fromEntries(dataset.videos.map((v) => [v.id, v.stats.views])),
    goods: Object.fromEntries(dataset.goods.map((g) => [g.id, g.stats.totalSales])),
    influencers: Object.fromEntries(dataset.influencers.map((i) => [i.id, i.stats.followers])),
  });
}

async function expectSameRelated(database: Database, calendar: Calendar, snapshot: OracleSnapshot) {
  const { dataset, rank } = snapshot;
  const { db } = database;
  const ids = (kind: EntityKind, rows: readonly number[]) => rows.map((row) => dataset[kind][row].id);
  const byViews = (v: number) => dataset.videos[v].stats.views;
  const bySales = (g: number) => dataset.goods[g].stats.totalSales;
  const byFollowers = (i: number) => dataset.influencers[i].stats.followers;
  let compared = 0;
  for (const [row, goods] of dataset.goods.entries()) {
    const videos = ids("videos", topRows(rank.goodsVideos[row], byViews, Infinity));
    expect(await allPages(db, calendar, goodsVideos(goods.id))).toEqual(videos);
    const influencers = ids("influencers", topRows(snapshot.goodsInfluencers[row], byFollowers, Infinity));
    expect(await allPages(db, calendar, goodsInfluencers(goods.id))).toEqual(influencers);
    compared += videos.length + influencers.length;
  }
  for (const [row, influencer] of dataset.influencers.entries()) {
    const goods = ids("goods", topRows(snapshot.influencerGoods[row], bySales, Infinity));
    expect(await allPages(db, calendar, influencerGoods(influencer.id))).toEqual(goods);
    for (const filter of VIDEO_FILTERS) {
      const expected = engineInfluencerVideos(snapshot, influencer.id, filter, 1, 100_000).list.map((v) => v.id);
      expect(await allPages(db, calendar, influencerVideos(influencer.id, filter)), filter).toEqual(expected);
      compared += expected.length;
    }
    compared += goods.length;
  }
  for (const kind of ["music", "hashtags"] as const) {
    const users = new Map<string, number[]>();
    dataset.videos.forEach((video, v) => {
      for (const id of kind === "music" ? (video.musicId === null ? [] : [video.musicId]) : video.hashtagIds)
        users.set(id, [...(users.get(id) ?? []), v]);
    });
    for (const entity of dataset[kind]) {
      const videos = users.get(entity.id) ?? [];
      const goods = new Set(videos.map((v) => rank.videoGoodsRow[v]).filter((g) => g >= 0));
      const influencers = new Set(videos.map((v) => rank.videoInfluencerRow[v]).filter((i) => i >= 0));
      const expected = {
        videos: ids("videos", topRows(videos, byViews, Infinity)),
        goods: ids("goods", topRows([...goods], bySales, Infinity)),
        influencers: ids("influencers", topRows([...influencers], byFollowers, Infinity)),
      };
      expect({
        videos: await allPages(db, calendar, usageVideos(kind, entity.id)),
        goods: await allPages(db, calendar, usageGoods(kind, entity.id)),
        influencers: await allPages(db, calendar, usageInfluencers(kind, entity.id)),
      }).toEqual(expected);
      compared += expected.videos.length + expected.goods.length + expected.influencers.length;
    }
  }
  // The lists compared are not all empty.
  expect(compared).toBeGreaterThan(1000);
}

async function expectSameTrends(database: Database, calendar: Calendar, snapshot: OracleSnapshot, every = 1) {
  const ranges: DateRange[] = [
    rangeEndingOn(calendar.endDate, 30),
    // Starts before the calendar: those days are zero, followers stay at the initial count.
    rangeEndingOn(addDays(calendar.startDate, 12), 20),
  ];
  for (const kind of ENTITY_KINDS)
    for (const entity of (snapshot.dataset[kind] as readonly { id: string }[]).filter((_, row) => row % every === 0))
      for (const range of ranges)
        expect(await readTrend(database.db, calendar, kind, entity.id, range), `${kind} ${entity.id}`).toEqual(
          trend(snapshot, kind, entity.id, range),
        );
}

async function expectSameInfluencerPages(database: Database, calendar: Calendar, snapshot: OracleSnapshot) {
  let posts = 0;
  for (const { id } of snapshot.dataset.influencers) {
    expect(await readInfluencerAnalysis(database.db, calendar, id), id).toEqual(
      influencerDetail(snapshot, id).basic_analysis,
    );
    // The calendar's last month (the default) and its first, which starts before the calendar.
    for (const month of [undefined, calendar.startDate.slice(0, 7)]) {
      const expected = influencerCalendar(snapshot, id, month);
      expect(await readInfluencerCalendar(database.db, calendar, id, month), `${id} ${month}`).toEqual(expected);
      posts += expected.days.reduce((n, day) => n + day.posts, 0);
    }
  }
  expect(posts).toBeGreaterThan(0);
}

/** Whole detail answers of the services (services/details/*.ts) against the engine's, every `every`-th entity. */
async function expectSameDetails(database: Database, calendar: Calendar, snapshot: OracleSnapshot, every: number) {
  const { db } = database;
  const { dataset } = snapshot;
  const sampled = <T>(entities: readonly T[]) => entities.filter((_, row) => row % every === 0);
  for (const [k, { id }] of sampled(dataset.goods).entries()) {
    const locale = ["en", "vi", "zh", "th", "id"][k % 5];
    expect(await goodsDetail(db, calendar, id, locale), id).toEqual(engineGoodsDetail(snapshot, id, locale));
  }
  for (const { id } of sampled(dataset.influencers)) {
    expect(comparableDetail(await sqlInfluencerDetail(db, calendar, id)), id).toEqual(
      comparableDetail(influencerDetail(snapshot, id)),
    );
    for (const [filter, page] of [
      ["all", 1],
      ["all", 2],
      ["with_products", 1],
      ["without_products", 3],
    ] as const)
      expect(await sqlInfluencerVideos(db, calendar, id, filter, page, 7), `${id} ${filter} ${page}`).toEqual(
        engineInfluencerVideos(snapshot, id, filter, page, 7),
      );
  }
  for (const { id } of sampled(dataset.videos))
    expect(await videoDetail(db, calendar, id), id).toEqual(engineVideoDetail(snapshot, id));
  let ranked = 0;
  for (const kind of ["music", "hashtags"] as const)
    for (const [row, { id }] of dataset[kind].entries()) {
      const history = rankHistory(snapshot, kind, row);
      expect(await readRankHistory(db, calendar, kind, id), `${kind} ${id}`).toEqual(history);
      expect(await usageDetail(db, calendar, kind, id), `${kind} ${id}`).toEqual(engineUsageDetail(snapshot, kind, id));
      ranked += history.filter((day) => day.rank !== null).length;
    }
  // Ranks were compared, not only empty days.
  expect(ranked).toBeGreaterThan(100);
}

async function expectEmptyForUnknownIds(database: Database, calendar: Calendar) {
  const { db } = database;
  const range = { limit: 10, offset: 0 };
  const empty = { total: 0, ids: [] };
  for (const kind of ENTITY_KINDS) {
    expect(await readEntity(db, calendar, kind, UNKNOWN)).toBeUndefined();
    expect(await readCards(db, calendar, kind, [UNKNOWN])).toEqual([]);
    expect(await readTrend(db, calendar, kind, UNKNOWN, rangeEndingOn(calendar.endDate, 7))).toBeUndefined();
  }
  expect(await readGoodsPage(db, calendar, UNKNOWN)).toBeUndefined();
  expect(await readInfluencerAnalysis(db, calendar, UNKNOWN)).toBeUndefined();
  expect(await readInfluencerCalendar(db, calendar, UNKNOWN, undefined)).toBeUndefined();
  expect(await readRankHistory(db, calendar, "hashtags", UNKNOWN)).toBeUndefined();
  expect(await goodsDetail(db, calendar, UNKNOWN, "en")).toBeUndefined();
  expect(await sqlInfluencerDetail(db, calendar, UNKNOWN)).toBeUndefined();
  expect(await videoDetail(db, calendar, UNKNOWN)).toBeUndefined();
  expect(await usageDetail(db, calendar, "music", UNKNOWN)).toBeUndefined();
  for (const list of [
    goodsVideos(UNKNOWN),
    goodsInfluencers(UNKNOWN),
    influencerGoods(UNKNOWN),
    influencerVideos(UNKNOWN, "all"),
    usageVideos("hashtags", UNKNOWN),
    usageGoods("music", UNKNOWN),
    usageInfluencers("music", UNKNOWN),
  ])
    for (const offset of [0, 20]) expect(await relatedPage(db, calendar, list, { ...range, offset })).toEqual(empty);
}

/**
 * Imports days of stored entities inside the calendar and one day past its end, which moves the
 * calendar on by a day: its first day, still in the stored blocks, no longer counts.
 */
async function importLateDays(database: Database, dataset: Dataset): Promise<void> {
  const end = dataset.calendar.endDate;
  const daily = (entity: string, id: string, date: string, metrics: Record<string, number>) =>
    JSON.stringify({ type: "daily", entity, id, date, metrics });
  const lines = [
    daily("goods", dataset.goods[0].id, addDays(end, -10), { salesVolume: 5_000, revenue: 90_000_000 }),
    daily("goods", dataset.goods[1].id, addDays(end, 1), { salesVolume: 700, views: 9 }),
    daily("influencer", dataset.influencers[0].id, addDays(end, -2), { followersGained: 250_000 }),
    daily("video", dataset.videos[0].id, addDays(end, 1), { views: 10, revenue: 123_456 }),
    daily("music", dataset.music[0].id, addDays(end, -5), { uses: 9_999 }),
    daily("hashtag", dataset.hashtags[0].id, addDays(end, 1), { uses: 4_321, views: 1 }),
  ];
  const dir = mkdtempSync(path.join(tmpdir(), "shopradar-entity-sql-"));
  const file = path.join(dir, "late.ndjson");
  writeFileSync(file, lines.join("\n"));
  try {
    const summary = await importLines(database.db, readImportFile(file), new Date());
    expect(summary.bad).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function oracleTests(database: () => Database) {
  let calendar: Calendar;
  let snapshot: OracleSnapshot;
  beforeAll(async () => {
    const { dataset } = await seedDemoDataset(database().db, { seed: "entity-sql", scale: 0.03, today: "2025-03-15" });
    calendar = calendarOf((await readMeta(database().db))!);
    snapshot = oracleOf(dataset);
  });

  it("reads every entity with the engine's derived stats, and the shops' totals", async () => {
    await expectSameEntities(database(), calendar, snapshot.dataset);
  });

  it("makes the engine's cards in the order asked", async () => {
    await expectSameCards(database(), calendar, snapshot);
  });

  it("pages every related list in the detail services' order", async () => {
    await expectStoredOrderKeys(database(), snapshot.dataset);
    await expectSameRelated(database(), calendar, snapshot);
  });

  it("reads the engine's trends", async () => {
    await expectSameTrends(database(), calendar, snapshot);
  });

  it("reads the influencer page's 30-day analysis and month calendars", async () => {
    await expectSameInfluencerPages(database(), calendar, snapshot);
  });

  it("answers every detail page as the engine's detail services did, with the music and hashtag rank history", async () => {
    await expectSameDetails(database(), calendar, snapshot, 4);
  });

  it("ranks the history per request, as stored, when the stored rank history is empty (data stored before it)", async () => {
    const { db } = database();
    const stored = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::integer AS n FROM usage_day_ranks`));
    expect(stored[0].n).toBeGreaterThan(100);
    await db.execute(sql`DELETE FROM usage_day_ranks`);
    let ranked = 0;
    for (const kind of ["music", "hashtags"] as const)
      for (const [row, { id }] of snapshot.dataset[kind].entries()) {
        const history = rankHistory(snapshot, kind, row);
        expect(await readRankHistory(db, calendar, kind, id), `${kind} ${id}`).toEqual(history);
        ranked += history.filter((day) => day.rank !== null).length;
      }
    expect(ranked).toBe(stored[0].n);
    await writeRankHistory(db, calendar);
    expect(rowsOf(await db.execute(sql`SELECT count(*)::integer AS n FROM usage_day_ranks`))).toEqual(stored);
  });

  it("answers unknown ids with nothing", async () => {
    await expectEmptyForUnknownIds(database(), calendar);
  });

  it("still equals the engine after an import of late days moved the calendar on", async () => {
    await importLateDays(database(), snapshot.dataset);
    const loaded = (await loadDataset(database().db))!;
    const moved = calendarOf(loaded.meta);
    expect(moved.startDate).toBe(addDays(calendar.startDate, 1));
    const reloaded = oracleOf(loaded.dataset);
    await expectSameEntities(database(), moved, loaded.dataset);
    await expectStoredOrderKeys(database(), loaded.dataset);
    await expectSameRelated(database(), moved, reloaded);
    await expectSameTrends(database(), moved, reloaded, 7);
    await expectSameDetails(database(), moved, reloaded, 11);
  });
}

describeOnBothDatabases(oracleTests);
