// Migration 0024_rank_rows_by_generation on a database stored before it: rank_rows becomes a
// table partitioned by generation, and the rows of every stored generation move into their
// partition with their generation, so an upgrade keeps serving the lists it had; a row of no
// list (none are written) is dropped with the old table.
import { describe, expect, it } from "vitest";
import { useDatabaseBefore } from "../helpers/migrations";

const LIST = "goods/top-sale/24h/VN/all";

describe("migration 0024 (rank_rows partitioned by generation)", () => {
  const stored = useDatabaseBefore("0024_rank_rows_by_generation");

  it("moves each stored generation's rows into its own partition", async () => {
    const { client } = stored;
    for (const generation of [5, 12])
      await client.query(
        `INSERT INTO rank_lists (list_key, entity, rank_type, "window", market, category_id, end_date, total)
          VALUES ($1, 'goods', 'top-sale', '24h', 'VN', NULL, '2025-06-20', 2)`,
        [`${generation}/${LIST}`],
      );
    // Generation, rank, id; generation 9 has no list.
    const kept: Array<[number, number, string]> = [
      [5, 1, "g1"],
      [5, 2, "g2"],
      [12, 1, "g2"],
      [12, 2, "g1"],
    ];
    for (const [generation, rank, id] of [...kept, [9, 1, "g3"] as const])
      await client.query(
        `INSERT INTO rank_rows (list_key, rank, id, rank_change, metrics, card_total)
          VALUES ($1, $2, $3, 1, '{"sales": 3}', 7)`,
        [`${generation}/${LIST}`, rank, id],
      );
    await stored.upgrade();

    const partitions = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'rank_rows'::regclass ORDER BY 1`,
    );
    expect(partitions.rows.map((r) => r.name)).toEqual(["rank_rows_12", "rank_rows_5"]);
    const moved = await client.query(
      `SELECT tableoid::regclass::text AS partition, generation, list_key, rank, id, rank_change, metrics, card_total
        FROM rank_rows ORDER BY generation, rank`,
    );
    expect(moved.rows).toEqual(
      kept.map(([generation, rank, id]) => ({
        partition: `rank_rows_${generation}`,
        generation,
        list_key: `${generation}/${LIST}`,
        rank,
        id,
        rank_change: 1,
        metrics: { sales: 3 },
        card_total: 7,
      })),
    );
    const old = await client.query<{ t: string | null }>(`SELECT to_regclass('rank_rows_before_0024')::text AS t`);
    expect(old.rows[0].t).toBeNull();
    // A rank is stored once per list.
    await expect(
      client.query(
        `INSERT INTO rank_rows (generation, list_key, rank, id, metrics) VALUES (5, '5/${LIST}', 1, 'g9', '{}')`,
      ),
    ).rejects.toThrow(/duplicate key/);
  });
});
