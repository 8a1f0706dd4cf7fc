// The demo generator in shards and the seed that writes them one at a time: the stored dataset
// read back equals the in-memory generateDataset (the same stream collected), on PGlite and
// PostgreSQL, with the profiles' planner statistics gathered; shards are worlds of their own
// with ids counting on; scales are bounded; data:seed refuses a scale outside them with a usage
// error.
import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ENTITY_KINDS, type Dataset } from "../../../server/modules/catalog/engine";
import {
  MAX_SCALE,
  MIN_SCALE,
  scaledCounts,
  shardCount,
  shardsOf,
} from "../../../server/modules/catalog/engine/generate/counts";
import { generateDataset, generateShards } from "../../../server/modules/catalog/engine/generate/generate-dataset";
import { streamDemoDataset, type SeedProgress } from "../../../server/modules/catalog/seed";
import { loadDataset } from "../oracle/read-dataset";
import { describeOnBothDatabases } from "../helpers/app";

// Three shards of 0.04, 0.03 and 0.03 (the last two cut from the remainder).
const OPTIONS = { seed: "stream", scale: 0.1, shardScale: 0.04, today: "2025-03-15" } as const;

function expectSameData(actual: Dataset, expected: Dataset): void {
  expect(actual.calendar).toEqual(expected.calendar);
  expect(actual.categories).toEqual(expected.categories);
  expect(actual.shops).toEqual(expected.shops);
  const link = (l: { influencerId: string; goodsId: string }) => `${l.influencerId}/${l.goodsId}`;
  expect(actual.showcase.map(link).sort()).toEqual(expected.showcase.map(link).sort());
  for (const kind of ENTITY_KINDS) {
    expect(actual[kind]).toEqual(expected[kind]);
    const a = actual.series[kind].prefixArrays() as Record<string, ArrayLike<number>>;
    const e = expected.series[kind].prefixArrays() as Record<string, ArrayLike<number>>;
    expect(Object.keys(a)).toEqual(Object.keys(e));
    for (const metric of Object.keys(e))
      expect(Array.from(a[metric]), `${kind}.${metric}`).toEqual(Array.from(e[metric]));
  }
}

describe("the demo generator in shards", () => {
  it("cuts the counts into shards that add up, with ids counting on", () => {
    const counts = scaledCounts(2.5);
    expect(shardCount(2.5)).toBe(3);
    expect(shardCount(1)).toBe(1);
    expect(shardCount(MAX_SCALE)).toBe(1000);
    const shards = [...shardsOf(counts, 3)];
    for (const kind of Object.keys(counts) as (keyof typeof counts)[]) {
      expect(shards.reduce((sum, shard) => sum + shard.counts[kind], 0)).toBe(counts[kind]);
      expect(shards[1].firstIds[kind]).toBe(shards[0].counts[kind]);
      expect(shards[2].firstIds[kind]).toBe(shards[0].counts[kind] + shards[1].counts[kind]);
    }
  });

  it("refuses scales outside MIN_SCALE..MAX_SCALE and shards too small for every market", () => {
    expect(() => scaledCounts(MAX_SCALE + 1)).toThrow(/scale must be a number from 0.01 to 1000/);
    expect(() => scaledCounts(MIN_SCALE / 2)).toThrow(RangeError);
    expect(() => generateShards({ ...OPTIONS, shardScale: 0.01 })).toThrow(/shard scale must be at least/);
  });

  it("makes each shard a world of its own: videos link only their shard's entities", () => {
    const { cores, shards } = generateShards(OPTIONS);
    expect(shards).toBe(3);
    const seen = new Set<string>();
    let parts = 0;
    for (const core of cores) {
      parts++;
      const ids = new Set([...core.goods, ...core.influencers, ...core.music, ...core.hashtags].map((e) => e.id));
      for (const id of ids) expect(seen.has(id)).toBe(false);
      for (const id of ids) seen.add(id);
      for (const video of core.videos) {
        expect(ids.has(video.influencerId)).toBe(true);
        for (const id of [video.goodsId, video.musicId, ...video.hashtagIds])
          if (id !== null) expect(ids.has(id)).toBe(true);
      }
      for (const kind of ENTITY_KINDS) expect(core.series[kind].rows).toBe(core[kind].length);
    }
    expect(parts).toBe(3);
    const dataset = generateDataset(OPTIONS);
    expect(dataset.goods.map((g) => g.id)).toEqual(
      Array.from({ length: 1000 }, (_, i) => `g${String(i + 1).padStart(6, "0")}`),
    );
    expect(dataset.videos).toHaveLength(2000);
  });
});

describeOnBothDatabases((database) => {
  it("stores shard by shard exactly the dataset generateDataset collects", { timeout: 60_000 }, async () => {
    const progress: SeedProgress[] = [];
    const summary = await streamDemoDataset(database().db, { ...OPTIONS, onProgress: (p) => progress.push(p) });
    expect(summary.version).not.toBeNull();
    expect(summary.shards).toBe(3);
    expect(progress.at(-1)).toMatchObject({ parts: 3, shards: 3, entities: 1000 + 300 + 2000 + 50 + 100 });
    expect(progress.map((p) => p.rows)).toEqual([...progress.map((p) => p.rows)].sort((a, b) => a - b));
    const loaded = await loadDataset(database().db);
    expectSameData(loaded!.dataset, generateDataset(OPTIONS));
    // The profiles' and links' planner statistics are gathered (analyzeProfiles).
    const { rows } = (await database().db.execute(sql`SELECT tablename || '.' || attname AS column FROM pg_stats
      WHERE schemaname = current_schema() AND attname IN ('influencer_id', 'shop_id', 'goods_id')
        AND tablename IN ('videos', 'goods', 'showcase_links')`)) as { rows: Array<{ column: string }> };
    expect(rows.map((row) => row.column).sort()).toEqual([
      "goods.shop_id",
      "showcase_links.goods_id",
      "showcase_links.influencer_id",
      "videos.goods_id",
      "videos.influencer_id",
    ]);
    // With a dataset there, the first start's write reads no shard and writes nothing.
    const again = await streamDemoDataset(database().db, { ...OPTIONS, seed: "other", onlyIfEmpty: true }, () => {
      throw new Error("no shard should be generated");
    });
    expect(again.version).toBeNull();
  });
});

describe("data:seed", () => {
  it("refuses a scale above 1000 with its usage", { timeout: 30_000 }, () => {
    for (const scale of ["1001"]) {
      const run = spawnSync(
        process.execPath,
        ["--import", "tsx", "server/modules/catalog/cli/seed.ts", "--scale", scale],
        {
          env: { ...process.env, DATA_DIR: "memory://", DATABASE_URL: "", LOG_LEVEL: "silent" },
          encoding: "utf8",
        },
      );
      expect(run.stderr).toMatch(/--scale must be a number from 0.01 to 1000/);
      expect(run.stderr).toMatch(/npm run data:seed -- \[--scale N \(0.01 to 1000\)\]/);
      expect(run.status).toBe(2);
    }
  });
});
