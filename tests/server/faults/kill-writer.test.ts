// kill -9 of the real server process (server/index.ts from source, no build; embedded PGlite in
// its own DATA_DIR, demo mode) while a writer adds favourites: after a restart on the same DATA_DIR every
// favourite whose answer was acknowledged is there. Also: the embedded database runs with fsync
// on (PGlite's defaults turn it off) and its commits reach the disk through a real fsync
// (server/db/pglite-durability.ts), and the month blocks the first start's seed wrote into
// partitions it created (which skip the write-ahead log under wal_level=minimal and are synced at
// commit) are all there after the kill.
import fs, { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../../server/db/client";
import { addDays, ENTITY_KINDS, generateDataset, SERIES_METRICS } from "../../../server/modules/catalog/engine";
import { DAILY_FIGURES } from "../../../server/modules/catalog/store/daily-figures";
import { readMeta } from "../../../server/modules/catalog/store/meta";
import { blocksOfSeries } from "../../../server/modules/catalog/store/month-blocks";
import { startServer, type RunningServer } from "../../e2e/server-process";
import { favouriteItems, signInWriter, startWriter, storedFavourites } from "./writer";

// The first start's lists are filled by the server's catch-up refresh (startServer waits for them).
const SERVER_ENV = { DEMO_DATA_SCALE: "0.05", RATE_LIMIT_SCALE: "0" };

describe("the embedded database on disk", () => {
  it("keeps fsync on, and a commit really calls fsync on the host file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shopradar-fsync-"));
    const database = await openDatabase({ dataDir: dir, databaseUrl: null });
    const fsync = vi.spyOn(fs, "fsyncSync");
    try {
      const setting = async (name: string) =>
        ((await database.db.execute(sql.raw(`SHOW ${name}`))) as { rows: Array<Record<string, string>> }).rows[0][name];
      expect(await setting("fsync")).toBe("on");
      expect(await setting("wal_sync_method")).toBe("fsync");
      fsync.mockClear();
      await database.db.execute(sql`CREATE TABLE durable_probe (id int)`);
      await database.db.execute(sql`INSERT INTO durable_probe VALUES (1)`);
      expect(fsync).toHaveBeenCalled();
    } finally {
      fsync.mockRestore();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("kill -9 during writes", () => {
  const servers: RunningServer[] = [];
  let dataDir: string | undefined;

  afterAll(async () => {
    for (const server of servers) await server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("loses no acknowledged favourite", { timeout: 300_000 }, async () => {
    const first = await startServer({ env: SERVER_ENV, fromSource: true });
    servers.push(first);
    dataDir = first.dataDir;
    const token = await signInWriter(first.url);
    const items = await favouriteItems(first.url, token, 400);
    expect(items.length).toBeGreaterThan(100);

    const writer = startWriter(first.url, token, items, 4);
    // Killed mid-stream: once some writes were acknowledged, with more in flight.
    while (writer.acknowledged.size < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    first.process.kill("SIGKILL");
    await writer.done;
    const acknowledged = [...writer.acknowledged];
    expect(acknowledged.length).toBeLessThan(items.length);

    const second = await startServer({ dataDir, env: SERVER_ENV, fromSource: true });
    servers.push(second);
    const stored = await storedFavourites(second.url, token);
    expect(acknowledged.filter((key) => !stored.has(key))).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);

    await servers.pop()!.stop();
    const database = await openDatabase({ dataDir, databaseUrl: null });
    try {
      const meta = (await readMeta(database.db))!;
      const dataset = generateDataset({
        seed: meta.seed!,
        scale: meta.scale!,
        days: meta.days,
        today: addDays(meta.endDate, 1),
      });
      for (const kind of ENTITY_KINDS) {
        const blocks = [
          ...blocksOfSeries(
            dataset.series[kind],
            SERIES_METRICS[kind],
            dataset[kind].map((e) => e.id),
          ),
        ];
        const { table, columns } = DAILY_FIGURES[kind];
        const first = columns[SERIES_METRICS[kind][0]];
        const [row] = (
          (await database.db.execute(
            sql.raw(
              `SELECT count(*)::int AS blocks, sum("${first}"[cardinality("${first}")])::float8 AS total FROM ${table}`,
            ),
          )) as { rows: Array<{ blocks: number; total: number }> }
        ).rows;
        expect(row, kind).toEqual({
          blocks: blocks.length,
          total: blocks.reduce((sum, b) => sum + b.totals[0].at(-1)!, 0),
        });
      }
    } finally {
      await database.close();
    }
  });
});
