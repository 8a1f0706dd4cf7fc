// Migration 0024_rank_rows_by_generation on a database stored before it: rank_rows becomes a
// table partitioned by generation, and the rows of every stored generation move into their
// partition with their generation, so an upgrade keeps serving the lists it had; a row of no
// list (none are written) is dropped with the old table.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "../../../server/db/client";

const MIGRATIONS = fileURLToPath(new URL("../../../server/db/migrations", import.meta.url));
const TAG = "0024_rank_rows_by_generation";

describe("migration 0024 (rank_rows partitioned by generation)", () => {
  let client: PGlite;
  let dir: string;

  beforeAll(async () => {
    // The migrations before this one, as a database stored before it had them.
    dir = mkdtempSync(path.join(tmpdir(), "shopradar-migrations-"));
    cpSync(MIGRATIONS, dir, { recursive: true });
    const journalFile = path.join(dir, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === TAG);
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await migrate(drizzle({ client }), { migrationsFolder: dir });
  });
  afterAll(async () => {
    await client?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("moves each stored generation's rows into its own partition", async () => {
    for (const key of ["5/goods/top-sale/24h/VN/all", "12/goods/top-sale/24h/VN/all"])
      await client.query(
        `INSERT INTO rank_lists (list_key, entity, rank_type, "window", market, category_id, end_date, total)
          VALUES ($1, 'goods', 'top-sale', '24h', 'VN', NULL, '2025-06-20', 2)`,
        [key],
      );
    const rows: Array<[string, number, string]> = [
      ["5/goods/top-sale/24h/VN/all", 1, "g1"],
      ["5/goods/top-sale/24h/VN/all", 2, "g2"],
      ["12/goods/top-sale/24h/VN/all", 1, "g2"],
      ["12/goods/top-sale/24h/VN/all", 2, "g1"],
      ["9/goods/top-sale/24h/VN/all", 1, "g3"],
    ];
    for (const [key, rank, id] of rows)
      await client.query(
        `INSERT INTO rank_rows (list_key, rank, id, rank_change, metrics, card_total) VALUES ($1, $2, $3, 1, '{"sales": 3}', 7)`,
        [key, rank, id],
      );
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });

    const partitions = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'rank_rows'::regclass ORDER BY 1`,
    );
    expect(partitions.rows.map((r) => r.name)).toEqual(["rank_rows_12", "rank_rows_5"]);
    const moved = await client.query<{ partition: string; generation: number; list_key: string; id: string }>(
      `SELECT tableoid::regclass::text AS partition, generation, list_key, rank, id, rank_change, metrics, card_total
        FROM rank_rows ORDER BY generation, rank`,
    );
    expect(moved.rows).toEqual([
      {
        partition: "rank_rows_5",
        generation: 5,
        list_key: "5/goods/top-sale/24h/VN/all",
        rank: 1,
        id: "g1",
        rank_change: 1,
        metrics: { sales: 3 },
        card_total: 7,
      },
      {
        partition: "rank_rows_5",
        generation: 5,
        list_key: "5/goods/top-sale/24h/VN/all",
        rank: 2,
        id: "g2",
        rank_change: 1,
        metrics: { sales: 3 },
        card_total: 7,
      },
      {
        partition: "rank_rows_12",
        generation: 12,
        list_key: "12/goods/top-sale/24h/VN/all",
        rank: 1,
        id: "g2",
        rank_change: 1,
        metrics: { sales: 3 },
        card_total: 7,
      },
      {
        partition: "rank_rows_12",
        generation: 12,
        list_key: "12/goods/top-sale/24h/VN/all",
        rank: 2,
        id: "g1",
        rank_change: 1,
        metrics: { sales: 3 },
        card_total: 7,
      },
    ]);
    const old = await client.query<{ t: string | null }>(`SELECT to_regclass('rank_rows_before_0024')::text AS t`);
    expect(old.rows[0].t).toBeNull();
    // A rank is stored once per list.
    await expect(
      client.query(
        `INSERT INTO rank_rows (generation, list_key, rank, id, metrics) VALUES (5, '5/goods/top-sale/24h/VN/all', 1, 'g9', '{}')`,
      ),
    ).rejects.toThrow(/duplicate key/);
  });
});
