// Migration 0014_drop_daily_series on a database stored before it: the daily_series rows (one
// per entity, JSON text) become month blocks with their monthly partitions before the table is
// dropped, so an upgrade loses no daily figure; an entity without activity gets no block.
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import { selectBlocks } from "../../../server/modules/catalog/store/daily-figures";
import { dailyOfBlock } from "../../../server/modules/catalog/store/month-blocks";
import { useDatabaseBefore } from "../helpers/migrations";

/** 40 days of goods figures from 2025-01-20: sales on odd days, views on the 3rd of February. */
const SALES = Array.from({ length: 40 }, (_, k) => (k % 2 ? k : 0));
const VIEWS = Array.from({ length: 40 }, (_, k) => (k === 14 ? 9_000_000_000 : 0));

describe("migration 0014 (daily_series dropped)", () => {
  const stored = useDatabaseBefore("0014_drop_daily_series");

  it("turns the stored series into month blocks, then drops the table", async () => {
    const { client } = stored;
    await client.query(
      `INSERT INTO daily_series (entity, id, start_date, "values") VALUES ($1, $2, $3, $4), ($5, $6, $7, $8)`,
      [
        "goods",
        "g1",
        "2025-01-20",
        JSON.stringify({ salesVolume: SALES, views: VIEWS }),
        "music",
        "m1",
        "2025-01-20",
        "{}",
      ],
    );
    await stored.upgrade();
    const db = drizzle({ client });

    const table = await client.query<{ t: string | null }>(`SELECT to_regclass('daily_series')::text AS t`);
    expect(table.rows[0].t).toBeNull();
    expect(await selectBlocks(db, "music", sql`true`)).toEqual([]);
    const blocks = await selectBlocks(db, "goods", sql`true ORDER BY month`);
    expect(blocks.map((b) => [b.id, b.month, b.firstActive])).toEqual([
      ["g1", "2025-01-01", "2025-01-21"],
      ["g1", "2025-02-01", "2025-02-02"],
    ]);
    // Daily values back from the running totals: January's 20th-31st are days 0-11 of the series.
    const [january, february] = blocks.map(dailyOfBlock);
    expect(Array.from(january[0].slice(19))).toEqual(SALES.slice(0, 12));
    expect(Array.from(february[0].slice(0, 28))).toEqual(SALES.slice(12, 40));
    expect(february[2][2]).toBe(9_000_000_000);
    expect(january[1].every((v) => v === 0) && january[2].every((v) => v === 0)).toBe(true);
    const partitions = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'goods_months'::regclass ORDER BY 1`,
    );
    expect(partitions.rows.map((r) => r.name)).toEqual(["goods_months_2025_01", "goods_months_2025_02"]);
  });
});
