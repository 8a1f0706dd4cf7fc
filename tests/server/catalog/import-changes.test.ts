// An import that leaves the calendar where it was updates the tables derived from the data for
// its entities only, and they then equal a full rewrite, on PGlite and, with TEST_DATABASE_URL,
// on PostgreSQL. The search tables (store/search-changes.ts against writeSearchDocuments):
// search rows, term counts and common words' lists, after a file with late days (rows climbing
// into a word's list, a row falling behind it), renamed titles (a list losing rows it cannot
// merge back, a word crossing into a list, a word falling out of one), a renamed shop (its
// goods' searched shop name) and an influencer's late day. The music and hashtag rank history
// (updateRankHistory against writeRankHistory): a late day is ranked again in its market, a
// music moving market ranks both markets again, and every other row stays as it was. An import
// that changes most rows, or moves the calendar, rewrites them all. The profiles' planner
// statistics are gathered by a file writing many profiles, and left by one writing few, even
// when it moves the calendar.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { addDays, readImportFile } from "../../../server/modules/catalog/engine";
import { importLines } from "../../../server/modules/catalog/import/importer";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { writeRankHistory } from "../../../server/modules/catalog/store/rank-history-sql";
import { WORD_TOP_ROWS, writeSearchDocuments } from "../../../server/modules/catalog/store/search-documents";
import { describeOnBothDatabases } from "../helpers/app";

const ADDED_VIDEOS = 2300;
const videoId = (i: number) => `vc-${String(i).padStart(4, "0")}`;
/** Titles of the added videos: "quokka" in all, "ibex" in 1,200, "okapi" in 1,100, "zebu" in 1,000, "yak" in 1,001. */
function titleOf(i: number, drop: string[] = [], add: string[] = []): string {
  const words = ["Quokka", "review"];
  if (i < 1200) words.push("ibex");
  if (i < 1100) words.push("okapi");
  if (i < 1000) words.push("zebu");
  if (i >= 1000 && i <= 2000) words.push("yak");
  return [...words.filter((w) => !drop.includes(w)), ...add].join(" ");
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Everything the search tables hold, in a fixed order. */
async function searchTables(db: Database["db"]) {
  return {
    documents: rowsOf(
      await db.execute(sql`SELECT kind, id, market, popularity, main::text AS main, extra::text AS extra
        FROM search_documents ORDER BY kind, id COLLATE "C"`),
    ),
    counts: rowsOf(
      await db.execute(sql`SELECT kind, market, term, main_documents, extra_documents
        FROM search_term_counts ORDER BY kind, market, term`),
    ),
    lists: rowsOf(
      await db.execute(sql`SELECT kind, market, term, documents, ids, popularity
        FROM search_word_tops ORDER BY kind, market, term`),
    ),
  };
}

/** The music and hashtag rank history, in a fixed order. */
async function rankHistory(db: Database["db"]) {
  return rowsOf<{ kind: string; id: string; day: string; rank: number }>(
    await db.execute(
      sql`SELECT kind, id, day::text AS day, rank::integer AS rank FROM usage_day_ranks ORDER BY kind, id, day`,
    ),
  );
}

async function listOf(db: Database["db"], term: string) {
  const [row] = rowsOf<{ documents: number; ids: string[] }>(
    await db.execute(sql`SELECT documents, ids FROM search_word_tops
      WHERE kind = 'videos' AND market = 'VN' AND term = ${term}`),
  );
  return row;
}

async function importFile(db: Database["db"], lines: object[]) {
  const dir = mkdtempSync(path.join(tmpdir(), "shopradar-search-changes-"));
  const file = path.join(dir, "import.ndjson");
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n"));
  try {
    return await importLines(db, readImportFile(file), new Date());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describeOnBothDatabases((database) => {
  let seeded: Awaited<ReturnType<typeof seedDemoDataset>>;
  beforeAll(async () => {
    seeded = await seedDemoDataset(database().db, { seed: "search-changes", scale: 0.05, today: "2025-03-15" });
  });

  it("updates the rows, counts and lists of a late or corrected file as a full rewrite would", async () => {
    const { db } = database();
    const { calendar } = seeded.dataset;
    const influencer = seeded.dataset.influencers.find((i) => i.market === "VN")!;
    const added: Record<string, unknown>[] = [];
    for (let i = 0; i < ADDED_VIDEOS; i++) {
      added.push({
        type: "video",
        id: videoId(i),
        market: "VN",
        influencerId: influencer.id,
        title: titleOf(i),
        postedAt: `${calendar.startDate}T10:00:00Z`,
        durationSeconds: 30,
      });
      added.push({
        type: "daily",
        entity: "video",
        id: videoId(i),
        date: calendar.endDate,
        metrics: { views: ((i * 7919) % 100_000) + 1 },
      });
    }
    // More rows than a quarter of the stored ones: all rewritten.
    const first = await importFile(db, added);
    expect(first.badCount).toBe(0);
    expect(first.calendar).toEqual(calendar);
    expect(first.search?.mode).toBe("every row");
    expect((await listOf(db, "quokka")).documents).toBe(ADDED_VIDEOS);
    expect((await listOf(db, "ibex")).documents).toBe(1200);
    expect((await listOf(db, "yak")).documents).toBe(1001);
    expect(await listOf(db, "zebu")).toBeUndefined(); // 1,000 titles: no list

    // The three most popular "ibex" titles lose the word; 30 rows below every list's end climb
    // with a late day; a "yak" title swaps it for "zebu"; a shop is renamed; an influencer and a
    // product get a late day.
    const ibexTop = (await listOf(db, "ibex")).ids.slice(0, 3);
    // The most popular other "okapi" title gets its one day corrected to no views: it falls
    // behind rows its list left out, so the list is read again, not merged.
    const faller = (await listOf(db, "okapi")).ids.find((id) => !ibexTop.includes(id))!;
    const climbers = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM search_documents WHERE kind = 'videos' AND id LIKE 'vc-%'
        AND id >= ${videoId(1200)} ORDER BY popularity, id LIMIT 30`),
    ).map((r) => r.id);
    expect(climbers).toHaveLength(30);
    expect((await listOf(db, "quokka")).ids).not.toContain(climbers[0]);
    const shop = seeded.dataset.shops.find((s) => s.market === "VN")!;
    const goods = seeded.dataset.goods.find((g) => g.shopId === shop.id)!;
    const late = addDays(calendar.endDate, -3);
    const change = [
      ...ibexTop.map((id) => {
        const i = Number(id.slice(3));
        return { ...added[2 * i], title: titleOf(i, ["ibex"]) };
      }),
      ...climbers.map((id, n) => ({
        type: "daily",
        entity: "video",
        id,
        date: late,
        metrics: { views: 1_000_000_000 + n * 1_000_000 },
      })),
      { ...added[2 * 1500], title: titleOf(1500, ["yak"], ["zebu"]) },
      { type: "daily", entity: "video", id: faller, date: calendar.endDate, metrics: { views: 0 } },
      { type: "shop", id: shop.id, market: shop.market, name: "Tiệm Okapi Xyzzy", categoryId: shop.categoryId },
      { type: "daily", entity: "influencer", id: influencer.id, date: late, metrics: { followersGained: 77_777 } },
      { type: "daily", entity: "goods", id: goods.id, date: late, metrics: { salesVolume: 5_555 } },
    ];
    const second = await importFile(db, change);
    expect(second.badCount).toBe(0);
    expect(second.calendar).toEqual(calendar);
    expect(second.search).toMatchObject({ mode: "changed rows" });
    const update = second.search!;
    // The videos named, the shop's goods, the influencer and the product: not the catalogue.
    const shopGoods = seeded.dataset.goods.filter((g) => g.shopId === shop.id).length;
    const videosNamed = new Set([...ibexTop, ...climbers, videoId(1500), faller]).size;
    expect(update.rows).toBe(videosNamed + 1 + shopGoods);
    expect(update.listsMerged).toBeGreaterThan(0); // "quokka" and "review": the climbers merged in
    expect(update.listsRead).toBeGreaterThanOrEqual(3); // "ibex" (three rows gone), "okapi", "zebu" (a new list)
    expect(update.listsDropped).toBeGreaterThanOrEqual(1); // "yak" (1,000 titles now)

    expect((await listOf(db, "quokka")).ids.slice(0, 30)).toEqual([...climbers].reverse());
    expect((await listOf(db, "ibex")).documents).toBe(1197);
    expect((await listOf(db, "ibex")).ids).toHaveLength(WORD_TOP_ROWS);
    expect((await listOf(db, "ibex")).ids).not.toContain(ibexTop[0]);
    expect((await listOf(db, "okapi")).ids).not.toContain(faller);
    expect((await listOf(db, "zebu")).documents).toBe(1001);
    expect(await listOf(db, "yak")).toBeUndefined();

    const updated = await searchTables(db);
    await db.transaction((tx) => writeSearchDocuments(tx));
    const rewritten = await searchTables(db);
    expect(updated.documents).toEqual(rewritten.documents);
    expect(updated.counts).toEqual(rewritten.counts);
    expect(updated.lists).toEqual(rewritten.lists);
  });

  it("ranks again only the days and markets a late file changes, as a full rewrite would", async () => {
    const { db } = database();
    const { calendar } = seeded.dataset;
    const music = seeded.dataset.music.find((m) => m.market === "TH")!;
    const hashtag = seeded.dataset.hashtags.find((h) => h.market === "ID")!;
    const day = addDays(calendar.endDate, -2);
    /** The stored rows of a kind's entities in a market, each with the transaction that wrote it. */
    const ranksOf = async (kind: "music" | "hashtags", market: string) =>
      rowsOf<{ id: string; day: string; rank: number; written: string }>(
        await db.execute(sql`SELECT r.id, r.day::text AS day, r.rank, r.xmin::text AS written
          FROM usage_day_ranks r JOIN ${sql.identifier(kind)} e ON e.id = r.id
          WHERE r.kind = ${kind} AND e.market = ${market} ORDER BY r.id, r.day`),
      );
    const untouched = { music: await ranksOf("music", "VN"), hashtags: await ranksOf("hashtags", "VN") };
    expect(untouched.music.length).toBeGreaterThan(0);
    const changedBefore = await ranksOf("music", "TH");
    // A music ranked in MY moves to PH: both markets' ranks change.
    const movedBefore = await ranksOf("music", "MY");
    const moving = seeded.dataset.music.find((m) => m.id === movedBefore[0].id)!;

    const late = await importFile(db, [
      { type: "daily", entity: "music", id: music.id, date: day, metrics: { uses: 10_000_000 } },
      { type: "daily", entity: "hashtag", id: hashtag.id, date: day, metrics: { uses: 10_000_000 } },
      {
        type: "music",
        id: moving.id,
        market: "PH",
        title: moving.title,
        author: moving.author,
        durationSeconds: moving.durationSeconds,
        original: moving.original,
      },
    ]);
    expect(late.badCount).toBe(0);
    expect(late.calendar).toEqual(calendar);
    const rankOn = async (kind: string, id: string) =>
      rowsOf<{ rank: number }>(
        await db.execute(sql`SELECT rank FROM usage_day_ranks WHERE kind = ${kind} AND id = ${id} AND day = ${day}`),
      )[0]?.rank;
    expect(Number(await rankOn("music", music.id))).toBe(1);
    expect(Number(await rankOn("hashtags", hashtag.id))).toBe(1);
    // The other markets' rows were not written again; the changed market's were.
    expect(await ranksOf("music", "VN")).toEqual(untouched.music);
    expect(await ranksOf("hashtags", "VN")).toEqual(untouched.hashtags);
    const changedAfter = await ranksOf("music", "TH");
    // In TH only the late day was ranked again (a day's ranks depend on that day's figures).
    const otherDays = (rows: typeof changedAfter) => rows.filter((r) => r.day !== day);
    expect(otherDays(changedAfter)).toEqual(otherDays(changedBefore));
    expect(otherDays(changedAfter).length).toBeGreaterThan(0);
    expect(changedAfter.filter((r) => r.day === day).map((r) => r.written)).not.toContain(changedBefore[0].written);
    expect((await ranksOf("music", "MY")).map((r) => r.id)).not.toContain(moving.id);
    expect((await ranksOf("music", "PH")).map((r) => r.id)).toContain(moving.id);

    const updated = await rankHistory(db);
    await db.transaction((tx) => writeRankHistory(tx, calendar));
    expect(updated).toEqual(await rankHistory(db));
  });

  it("rewrites every row when a file moves the calendar, the term counts and rank history as a full rewrite would", async () => {
    const { db } = database();
    const { calendar } = seeded.dataset;
    // The profiles' planner statistics, dropped: files writing few profiles leave them (their
    // ANALYZE skipped), late or moving the calendar; one writing many gathers them
    // (analyzeProfiles).
    const statistics = async () =>
      rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::integer AS n FROM pg_stats
          WHERE schemaname = current_schema() AND tablename = 'videos' AND attname = 'influencer_id'`),
      )[0].n;
    await db.execute(sql`DELETE FROM pg_statistic WHERE starelid = 'videos'::regclass`);
    expect(await statistics()).toBe(0);
    await importFile(db, [
      { type: "daily", entity: "video", id: videoId(7), date: calendar.endDate, metrics: { views: 3 } },
    ]);
    expect(await statistics()).toBe(0);
    const next = addDays(calendar.endDate, 1);
    const influencer = seeded.dataset.influencers.find((i) => i.market === "VN")!;
    const profileOf = (i: number, title = titleOf(i)) => ({
      type: "video",
      id: videoId(i),
      market: "VN",
      influencerId: influencer.id,
      title,
      postedAt: `${calendar.startDate}T10:00:00Z`,
      durationSeconds: 30,
    });
    const music = seeded.dataset.music.find((m) => m.market === "TH")!;
    const ranksBefore = await rankHistory(db);
    // A day past the calendar (a video's, a music's), and a renamed title: its old words'
    // counts go down, a new word's up, while every row is written again.
    const moved = await importFile(db, [
      { type: "daily", entity: "video", id: videoId(7), date: next, metrics: { views: 5 } },
      { type: "daily", entity: "music", id: music.id, date: next, metrics: { uses: 10_000_000 } },
      profileOf(9, titleOf(9, ["okapi", "Quokka"], ["wombat"])),
    ]);
    expect(moved.badCount).toBe(0);
    expect(moved.calendar.endDate).toBe(next);
    expect(moved.search?.mode).toBe("every row");
    const [{ count }] = rowsOf<{ count: number }>(
      await db.execute(sql`SELECT count(*)::integer AS count FROM search_documents`),
    );
    expect(moved.search?.rows).toBe(count);
    expect(await statistics()).toBe(0);
    const countOf = async (term: string) =>
      rowsOf<{ main: number }>(
        await db.execute(sql`SELECT main_documents::integer AS main FROM search_term_counts
          WHERE kind = 'videos' AND market = 'VN' AND term = ${term}`),
      )[0]?.main;
    expect(await countOf("wombat")).toBe(1);
    expect(await countOf("quokka")).toBe(ADDED_VIDEOS - 1);
    // The rank history moved with the calendar: the new day ranked, the day left behind gone.
    const ranksAfter = await rankHistory(db);
    const days = (rows: typeof ranksAfter) => [...new Set(rows.map((r) => r.day))].sort();
    expect(days(ranksAfter).at(-1)).toBe(next);
    expect(days(ranksAfter)[0]).toBe(addDays(days(ranksBefore)[0], 1));
    expect(ranksAfter.find((r) => r.id === music.id && r.day === next)?.rank).toBe(1);
    // As a full rewrite of the search tables and the rank history.
    const updated = await searchTables(db);
    await db.transaction(async (tx) => {
      await writeSearchDocuments(tx);
      await writeRankHistory(tx, moved.calendar);
    });
    const rewritten = await searchTables(db);
    expect(updated.documents).toEqual(rewritten.documents);
    expect(updated.counts).toEqual(rewritten.counts);
    expect(updated.lists).toEqual(rewritten.lists);
    expect(ranksAfter).toEqual(await rankHistory(db));

    // The added videos' profiles again: more than a tenth of the stored entities.
    const profiles = Array.from({ length: ADDED_VIDEOS }, (_, i) => profileOf(i));
    const written = await importFile(db, profiles);
    expect(written.badCount).toBe(0);
    expect(await statistics()).toBe(1);
  });
});
