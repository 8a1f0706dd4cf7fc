// Dropping an old rank-table generation on PostgreSQL (its partition of rank_rows, migration
// 0024) takes a lock that readers' transactions hold it back from: the cleanup waits at most
// DROP_LOCK_TIMEOUT, then leaves that generation (still readable) for the next cleanup instead of
// queueing every reader behind it; once the readers are done it goes.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import {
  deleteRankGenerations,
  publishRankGeneration,
  rankGenerations,
  rankRowsPartitions,
} from "../../../server/modules/catalog/store/rank-generations";
import { useThrowawayPostgres } from "../helpers/app";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("an old generation's drop on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);

  it("waits for no reader past its lock timeout, and drops the generation once they are done", async () => {
    const database = postgres.database;
    await seedDemoDataset(database.db, { seed: "drop", scale: 0.01, today: "2025-06-20" });
    const first = (await publishRankGeneration(database, { slot: null }))!;
    const second = (await publishRankGeneration(database, { slot: null }))!;
    expect(await rankGenerations(database.db)).toEqual([first.version, second.version]);

    // A reader's transaction holds rank_rows (and its partitions) while the next refresh runs.
    const reader = new pg.Client({ connectionString: postgres.url });
    await reader.connect();
    try {
      await reader.query("BEGIN");
      const read = await reader.query("SELECT count(*)::int AS n FROM rank_rows WHERE generation = $1", [
        first.version,
      ]);
      expect(read.rows[0].n).toBeGreaterThan(0);
      const third = (await publishRankGeneration(database, { slot: null }))!;
      // Published, but the first generation could not be dropped under the reader: kept, whole.
      expect(third.version).toBe(second.version + 1);
      expect(third.deleted.generations).toEqual([]);
      expect(await rankRowsPartitions(database.db)).toEqual([first.version, second.version, third.version]);
      const still = await reader.query("SELECT count(*)::int AS n FROM rank_rows WHERE generation = $1", [
        first.version,
      ]);
      expect(still.rows[0].n).toBe(read.rows[0].n);
      await reader.query("COMMIT");

      // The reader done, the next cleanup drops it: lists and partition.
      const deleted = await deleteRankGenerations(database.db, (generation) => generation === first.version);
      expect(deleted.generations).toEqual([first.version]);
      expect(deleted.rows).toBe(first.filled.rows);
      expect(await rankRowsPartitions(database.db)).toEqual([second.version, third.version]);
      expect(await rankGenerations(database.db)).toEqual([second.version, third.version]);
    } finally {
      await reader.end();
    }
  });
});
