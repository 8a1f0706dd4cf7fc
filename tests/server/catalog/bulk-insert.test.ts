// insertRows (store/bulk-insert.ts) stores exactly what Drizzle's INSERT ... VALUES stores, on
// both databases, by INSERT and (in a transaction on PostgreSQL) by COPY: text with quotes,
// backslashes, tabs, newlines, commas, braces and other scripts, nulls, jsonb, text arrays,
// timestamps, doubles and bigints, across more rows than one batch; a stored key is replaced or
// kept as asked.
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, videos } from "../../../server/db/schema";
import { bulkWriteMethod, insertRows } from "../../../server/modules/catalog/store/bulk-insert";
import { describeOnBothDatabases } from "../helpers/app";

const awkward = [
  'a "quoted" title',
  "back\\slash \\\\ and \\n",
  "tab\there\nnewline\r\ncrlf \\N \\.",
  "comma, {brace} [x]",
  "NULL",
  "",
  "ครีมกันแดด 防晒 kem chống nắng",
];

function videoRow(i: number): typeof videos.$inferInsert {
  return {
    id: `v${String(i).padStart(5, "0")}`,
    market: "VN",
    influencerId: `i${i}`,
    goodsId: i % 3 === 0 ? null : `g${i}`,
    musicId: i % 4 === 0 ? null : `m${i}`,
    hashtagIds: i % 5 === 0 ? [] : [`h${i}`, awkward[i % awkward.length], "x,y"],
    title: awkward[i % awkward.length],
    postedAt: new Date(Date.UTC(2026, 0, 1) + i * 61_000).toISOString(),
    durationSeconds: i % 600,
  };
}

describe("insertRows", () => {
  describeOnBothDatabases((database) => {
    it("stores the same rows as Drizzle's insert", async () => {
      const { db } = database();
      const rows = Array.from({ length: 5_003 }, (_, i) => videoRow(i));
      await db.delete(videos);
      expect(await insertRows(db, videos, rows)).toBe(rows.length);
      const stored = await db.select().from(videos).orderBy(asc(videos.id));
      await db.delete(videos);
      await db.insert(videos).values(rows.slice(0, 1000));
      await db.insert(videos).values(rows.slice(1000, 5003));
      const expected = await db.select().from(videos).orderBy(asc(videos.id));
      expect(stored).toEqual(expected);
      expect(stored[1].title).toBe(awkward[1]);
      expect(stored[1].hashtagIds).toEqual(["h1", awkward[1], "x,y"]);
      await db.delete(videos);

      const names = { zh: '中"文', en: "a\\b", vi: "Việt", id: "x, {y}", th: "ไทย" };
      await db.delete(categories);
      await insertRows(db, categories, [
        { id: 1, parentId: null, names },
        { id: 2, parentId: 1, names },
      ]);
      expect(await db.select().from(categories).orderBy(asc(categories.id))).toEqual([
        { id: 1, parentId: null, names },
        { id: 2, parentId: 1, names },
      ]);
      await db.delete(categories);
    });

    it("writes the same rows in a transaction (COPY on PostgreSQL), replacing or keeping stored keys", async () => {
      const { db, kind } = database();
      const rows = Array.from({ length: 5_003 }, (_, i) => videoRow(i));
      await db.delete(videos);
      await db.insert(videos).values(rows.slice(0, 2000));
      await db.insert(videos).values(rows.slice(2000));
      const expected = await db.select().from(videos).orderBy(asc(videos.id));
      await db.delete(videos);
      await db.transaction(async (tx) => {
        expect(bulkWriteMethod(tx)).toBe(kind === "postgres" ? "copy" : "insert");
        expect(await insertRows(tx, videos, rows)).toBe(rows.length);
      });
      expect(await db.select().from(videos).orderBy(asc(videos.id))).toEqual(expected);

      const changed = rows.map((row) => ({ ...row, title: `${row.title}\tchanged`, goodsId: null }));
      await db.transaction((tx) => insertRows(tx, videos, changed, { action: "keep" }));
      expect(await db.select().from(videos).orderBy(asc(videos.id))).toEqual(expected);
      await db.transaction((tx) => insertRows(tx, videos, changed, { key: ["id"], action: "replace" }));
      const replaced = await db.select().from(videos).orderBy(asc(videos.id));
      expect(replaced).toEqual(expected.map((row, i) => ({ ...row, title: changed[i].title, goodsId: null })));
      await db.delete(videos);
    });
  });
});
