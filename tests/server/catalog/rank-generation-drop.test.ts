// Dropping an old rank-table generation on PostgreSQL (its partition of rank_rows, migration
// 0024) takes a lock that readers' transactions hold it back from: the cleanup waits at most
// DROP_LOCK_TIMEOUT, then leaves that generation (still readable) for the next cleanup instead of
// queueing every reader behind it; once the readers are done it goes. The statistics a refresh
// gathers after its publication (ANALYZE of every generation's partition) are not cut by the
// pool's statement timeout.
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../../server/db/client";
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

  it("gathers the statistics after its publication past the pool's statement timeout, then deletes the old generations", async () => {
    // A pool whose statements may run 300 ms; the refresh's closing ANALYZE is held past that by
    // a lock only ANALYZE and VACUUM wait for (a fill's inserts and deletes do not).
    const bounded = await openDatabase({
      dataDir: "unused",
      databaseUrl: postgres.url,
      dbStatementTimeoutMs: 300,
      dbLockTimeoutMs: 10_000,
    });
    const holder = new pg.Client({ connectionString: postgres.url });
    await holder.connect();
    try {
      await seedDemoDataset(bounded.db, { seed: "analyze", scale: 0.01, today: "2025-06-20" });
      const first = (await publishRankGeneration(bounded, { slot: null }))!;
      const second = (await publishRankGeneration(bounded, { slot: null }))!;
      await holder.query("BEGIN");
      await holder.query("LOCK TABLE rank_lists IN SHARE UPDATE EXCLUSIVE MODE");
      const outcome = publishRankGeneration(bounded, { slot: null }).then(
        (published) => ({ published }),
        (error: unknown) => ({ error }),
      );
      // Released once the ANALYZE has waited for it well past the statement timeout (pg_locks:
      // pg_stat_activity is read once per transaction, and this one is open).
      await vi.waitFor(
        async () => {
          const { rows } = await holder.query(
            `SELECT count(*)::int AS n FROM pg_locks
             WHERE relation = 'rank_lists'::regclass AND mode = 'ShareUpdateExclusiveLock' AND NOT granted`,
          );
          expect(rows[0].n).toBeGreaterThan(0);
        },
        { timeout: 30_000, interval: 50 },
      );
      await sleep(900);
      await holder.query("COMMIT");
      const result = await outcome;
      // Before, the statement timeout cancelled it: the refresh failed, the old generations kept.
      if ("error" in result) throw result.error;
      const published = result.published!;
      expect(published.version).toBe(second.version + 1);
      // Then the generations below went, but the one readers at the previous version read.
      expect(published.deleted.generations).toEqual([first.version]);
      expect(await rankRowsPartitions(bounded.db)).toEqual([second.version, published.version]);
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      await holder.end();
      await bounded.close();
    }
  });
});
