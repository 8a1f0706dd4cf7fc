// How the import's rows reach the database (store/bulk-insert.ts): COPY on PostgreSQL, INSERT on
// PGlite, storing the same rows. A file of generated records plus lines whose text has tabs,
// newlines, carriage returns, backslashes, "\N", quotes, braces, emoji, Thai, Vietnamese and
// Chinese is imported in small batches with a crash after the second one, then again: the re-run
// resumes, the rows equal a clean import of the file on PGlite (so on PostgreSQL, COPY stores what
// the INSERT path stores), the tricky text reads back exactly, and importing the file once more
// leaves every row identical (showcase links stored once). On PGlite and PostgreSQL.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { categories, goods, influencers, music, shops, videos } from "../../../server/db/schema";
import { datasetRecords, generateDataset, readImportFile } from "../../../server/modules/catalog/engine";
import { importLines, type ImportOptions } from "../../../server/modules/catalog/import/importer";
import { describeOnBothDatabases, openTestDatabase } from "../helpers/app";
import { CATALOGUE_TABLES } from "./catalogue-tables";

const TODAY = "2025-03-15";
const NOW = new Date(`${TODAY}T12:00:00Z`);
const BATCH_LINES = 2500;

/** Each at most 100 characters (the shortest text limit it fills). */
const TRICKY = [
  "tab\there, new\nline, cr\rhere, back\\slash \\N \\\\ \"quoted\" 'single' {brace} [x] a,b",
  "🛍️👍🏽 ครีมกันแดด SPF50 kem chống nắng Tiếng Việt 防晒霜 ✓ — ½",
  "NULL",
  "\\.",
  "ends with a backslash \\",
];

let dir: string;
let file: string;
let market: string;
let tricky: {
  category: typeof categories.$inferSelect;
  shop: typeof shops.$inferSelect;
  goods: typeof goods.$inferSelect;
  influencer: typeof influencers.$inferSelect;
  music: typeof music.$inferSelect;
  video: typeof videos.$inferSelect;
};

beforeAll(() => {
  const dataset = generateDataset({ seed: "copy-file", scale: 0.01, today: TODAY });
  market = dataset.goods[0].market;
  const records = [...datasetRecords(dataset)];
  const categoryId = Math.max(...dataset.categories.map((c) => c.id)) + 1;
  tricky = {
    category: {
      id: categoryId,
      parentId: null,
      names: { zh: TRICKY[1], en: TRICKY[0], vi: TRICKY[2], id: TRICKY[3], th: TRICKY[4] },
    },
    shop: { id: "copy-shop", market, name: TRICKY[0], categoryId },
    goods: {
      id: "copy-goods",
      market,
      shopId: "copy-shop",
      categoryId,
      title: TRICKY.join(" | "),
      price: 1990,
      commissionRate: 0.125,
      variants: TRICKY.map((name, i) => ({ sku: `sku\\${i}\t"x"`, name, price: i })),
    },
    influencer: {
      id: "copy-influencer",
      market,
      handle: "@ไทย_tiếng\\việt",
      nickname: TRICKY[1],
      bio: TRICKY[0],
      categoryId,
      initialFollowers: 2 ** 40,
      price: 0,
    },
    music: { id: "copy-music", market, title: TRICKY[3], author: TRICKY[4], durationSeconds: 30, original: true },
    video: {
      id: "copy-video",
      market,
      influencerId: "copy-influencer",
      goodsId: "copy-goods",
      musicId: null,
      hashtagIds: [dataset.hashtags[0].id, "h.1:2-3_x"],
      title: TRICKY.join("\n"),
      postedAt: "2025-03-01T13:15:00.000Z",
      durationSeconds: 42,
    },
  };
  const line = (type: string, fields: object) => JSON.stringify({ type, ...fields });
  const { video, ...rest } = tricky;
  const lines = [
    ...records.map((record) => JSON.stringify(record)),
    "{not json",
    line("shop", { id: "nul-shop", market, name: "NUL \u0000 inside", categoryId: 1 }),
    ...Object.entries(rest).map(([type, fields]) => line(type, fields)),
    line("video", { ...video, musicId: undefined }),
    line("link", { relation: "influencer-goods", influencerId: "copy-influencer", goodsId: "copy-goods" }),
    line("link", { relation: "influencer-goods", influencerId: "copy-influencer", goodsId: "copy-goods" }),
    line("daily", { entity: "goods", id: "copy-goods", date: "2025-03-13", metrics: { salesVolume: 3 } }),
  ];
  dir = mkdtempSync(path.join(tmpdir(), "shopradar-import-copy-"));
  file = path.join(dir, "copy.ndjson");
  writeFileSync(file, `${lines.join("\n")}\n`);
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

/** Every catalogue row as PostgreSQL's text of the row (the same on both databases), and the calendar. */
async function storedText(database: Database) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    const rows: Record<string, string[]> = {};
    for (const table of CATALOGUE_TABLES) {
      const [name, order] = table.split(" ORDER BY ");
      const result = await tx.execute(sql.raw(`SELECT t::text AS row FROM ${name} t ORDER BY ${order}`));
      rows[name] = (result as { rows: { row: string }[] }).rows.map((r) => r.row);
    }
    const meta = await tx.execute(sql`SELECT start_date::text, end_date::text, days FROM dataset_meta`);
    return { rows, calendar: (meta as { rows: unknown[] }).rows };
  });
}

function run(database: Database, options: ImportOptions = {}) {
  return importLines(database.db, readImportFile(file), NOW, { batchLines: BATCH_LINES, ...options });
}

let onPglite: Awaited<ReturnType<typeof storedText>>;

beforeAll(async () => {
  const reference = await openTestDatabase();
  try {
    const clean = await run(reference);
    expect(clean.writtenWith).toBe("insert");
    onPglite = await storedText(reference);
  } finally {
    await reference.close();
  }
});

describeOnBothDatabases((database) => {
  it("writes with COPY on PostgreSQL, resumes after a crash, and stores what PGlite stores", async () => {
    await expect(
      run(database(), {
        afterCommit: (phase, n) => {
          if (phase === "lines" && n === 2) throw new Error("crash after batch 2");
        },
      }),
    ).rejects.toThrow("crash after batch 2");
    const resumed = await run(database());
    expect(resumed.resumed).toBe(true);
    expect(resumed.batches.skipped).toBe(2);
    expect(resumed.batches.written).toBeGreaterThan(2);
    expect(resumed.writtenWith).toBe(database().kind === "postgres" ? "copy" : "insert");
    // A NUL character, which neither COPY nor INSERT can store, is a bad line (not a failed batch).
    expect(resumed.bad).toEqual([
      { line: expect.any(Number), reason: expect.stringMatching(/JSON/i) },
      { line: expect.any(Number), reason: "shop: name must not contain the NUL character (\\u0000)" },
    ]);
    expect(await storedText(database())).toEqual(onPglite);
  });

  it("stores tabs, newlines, backslashes, quotes, emoji and Thai exactly", async () => {
    const { db } = database();
    const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
    expect(await one(db.select().from(categories).where(eq(categories.id, tricky.category.id)))).toEqual(
      tricky.category,
    );
    expect(await one(db.select().from(shops).where(eq(shops.id, "copy-shop")))).toEqual(tricky.shop);
    expect(await one(db.select().from(goods).where(eq(goods.id, "copy-goods")))).toEqual(tricky.goods);
    expect(await one(db.select().from(influencers).where(eq(influencers.id, "copy-influencer")))).toEqual(
      tricky.influencer,
    );
    expect(await one(db.select().from(music).where(eq(music.id, "copy-music")))).toEqual(tricky.music);
    const video = await one(db.select().from(videos).where(eq(videos.id, "copy-video")));
    expect({ ...video, postedAt: new Date(video.postedAt).toISOString() }).toEqual(tricky.video);
  });

  it("importing the file again leaves every row identical, the link stored once", async () => {
    const before = await storedText(database());
    const again = await run(database());
    expect(again.resumed).toBe(false);
    expect(await storedText(database())).toEqual(before);
    const links = await database().db.execute(
      sql`SELECT count(*)::int AS n FROM showcase_links WHERE influencer_id = 'copy-influencer'`,
    );
    expect((links as { rows: { n: number }[] }).rows[0].n).toBe(1);
  });
});
