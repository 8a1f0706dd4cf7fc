// Importer and refresh: a file with broken lines reports each with its line number and reason
// while the good lines load; importing it twice leaves identical rows; the rank lists change
// after the import (a running app moves to the new snapshot); a refresh bumps the version once
// per slot without reloading the data; the CLIs print their summaries.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goods, goodsMonths, shops, showcaseLinks, videos } from "../../../server/db/schema";
import { readImportFile } from "../../../server/modules/catalog/engine";
import { importLines } from "../../../server/modules/catalog/import/importer";
import { refreshRanks } from "../../../server/modules/catalog/jobs/refresh";
import { readMeta } from "../../../server/modules/catalog/store/meta";
import { openDataApp, signIn, type DataTestApp } from "../helpers/data";
import { oracleSnapshot } from "../helpers/oracle";

let t: DataTestApp;
let dir: string;
let file: string;
let end: string;
let pro: string;

function lines(day: string, existingGoods: string, influencer: string): string[] {
  return [
    JSON.stringify({ type: "shop", id: "s-import", market: "VN", name: "Import Test Store", categoryId: 1001 }),
    JSON.stringify({
      type: "goods",
      id: "g-import",
      market: "VN",
      shopId: "s-import",
      categoryId: 1001,
      title: "Kem dưỡng ẩm nhập khẩu",
      price: 25000000,
      commissionRate: 0.1,
    }),
    "{not json",
    JSON.stringify({
      type: "goods",
      id: "g-bad",
      market: "VN",
      shopId: "s-import",
      categoryId: 1001,
      title: "Bad price",
      price: -5,
    }),
    JSON.stringify({
      type: "goods",
      id: "g-typo",
      market: "VN",
      shopId: "s-import",
      categoryId: 1001,
      title: "Typo",
      price: 100,
      comission: 0.1,
    }),
    "",
    JSON.stringify({ type: "planet", id: "p1" }),
    JSON.stringify({
      type: "daily",
      entity: "goods",
      id: "g-import",
      date: day,
      metrics: { salesVolume: 100000, revenue: 2500000000000, views: 500000 },
    }),
    JSON.stringify({ type: "daily", entity: "goods", id: existingGoods, date: day, metrics: { salesVolume: 1 } }),
    JSON.stringify({
      type: "video",
      id: "v-dangling",
      market: "VN",
      influencerId: "i-missing",
      title: "Dangling",
      postedAt: `${day}T10:00:00Z`,
      durationSeconds: 30,
    }),
    JSON.stringify({ type: "link", relation: "influencer-goods", influencerId: influencer, goodsId: "g-import" }),
    JSON.stringify({ type: "daily", entity: "goods", id: "g-import", date: "2000-01-01", metrics: { salesVolume: 1 } }),
  ];
}

beforeAll(async () => {
  t = await openDataApp();
  pro = (await signIn(t.database, "pro")).token;
  const { dataset } = await oracleSnapshot(t.database);
  end = dataset.calendar.endDate;
  dir = mkdtempSync(path.join(tmpdir(), "shopradar-import-"));
  file = path.join(dir, "sample.ndjson");
  writeFileSync(
    file,
    `${lines(end, dataset.goods.find((g) => g.market === "VN")!.id, dataset.influencers.find((i) => i.market === "VN")!.id).join("\n")}\n`,
  );
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function tableRows() {
  const db = t.database.db;
  return {
    shops: await db.select().from(shops).orderBy(asc(shops.id)),
    goods: await db.select().from(goods).orderBy(asc(goods.id)),
    videos: await db.select().from(videos).orderBy(asc(videos.id)),
    links: await db.select().from(showcaseLinks).orderBy(asc(showcaseLinks.influencerId), asc(showcaseLinks.goodsId)),
    goodsFigures: await db.select().from(goodsMonths).orderBy(asc(goodsMonths.id), asc(goodsMonths.month)),
  };
}

describe("data:import", () => {
  it("reports bad lines, loads good ones, and the running app ranks the new goods once a refresh publishes their lists", async () => {
    const before = (await t.client.get("/api/v1/rank/goods?window=24h&country=VN&size=3", pro)).data.list;
    const version = t.app.data.snapshot.version;
    const summary = await importLines(t.database.db, readImportFile(file), new Date());
    expect(summary.bad).toEqual([
      { line: 3, reason: expect.stringMatching(/^not valid JSON/i) },
      { line: 4, reason: "goods: price must be a whole number of cents >= 0" },
      { line: 5, reason: expect.stringContaining("comission") },
      { line: 7, reason: expect.stringContaining("planet") },
    ]);
    expect(summary.loaded).toBe(7);
    expect(summary.problems).toEqual(
      expect.arrayContaining([
        { subject: "video v-dangling", reason: "unknown influencer i-missing" },
        { subject: "daily goods g-import 2000-01-01", reason: expect.stringContaining("date outside") },
      ]),
    );
    expect(summary.version).toBe(version + 1);

    // Until a refresh publishes the new version's lists, the generation before it serves them;
    // the detail reads the new data at once.
    expect(await t.app.data.reloadIfNewer()).toBe(true);
    const stale = (await t.client.get("/api/v1/rank/goods?window=24h&country=VN&size=3", pro)).data.list;
    expect(stale.map((r: { id: string }) => r.id)).toEqual(before.map((r: { id: string }) => r.id));
    const detail = (await t.client.get("/api/v1/goods/g-import", pro)).data;
    expect(detail.related_influencers).toHaveLength(1);

    // A refresh (what data:import ends with) fills the new data's lists: the new goods lead.
    const published = await refreshRanks(t.database, null);
    expect(published!.filled.lists).toBeGreaterThan(100);
    expect(await t.app.data.reloadIfNewer()).toBe(true);
    const after = (await t.client.get("/api/v1/rank/goods?window=24h&country=VN&size=3", pro)).data.list;
    expect(after[0]).toMatchObject({
      id: "g-import",
      sales_volume: 100000,
      revenue: 25000000000,
      shop_name: "Import Test Store",
      rank_change: null,
    });
    expect(after.slice(1).map((r: { id: string }) => r.id)).toEqual(
      before.slice(0, 2).map((r: { id: string }) => r.id),
    );
  });

  it("importing the same file twice leaves identical rows", async () => {
    const first = await tableRows();
    const again = await importLines(t.database.db, readImportFile(file), new Date());
    expect(again.bad).toHaveLength(4);
    expect(await tableRows()).toEqual(first);
  });
});

describe("refresh", () => {
  it("bumps the snapshot version once per slot, and apps follow without reloading the data", async () => {
    await t.app.data.reloadIfNewer(); // the second import above
    const { dataVersion } = t.app.data.snapshot;
    expect((await readMeta(t.database.db))!.dataVersion).toBe(dataVersion);
    const slot = new Date("2030-01-01T12:00:00Z");
    const published = await refreshRanks(t.database, slot);
    const version = published!.version;
    expect(version).toBe(t.app.data.snapshot.version + 1);
    expect(published!.filled!.lists).toBeGreaterThan(0);
    expect(await refreshRanks(t.database, slot)).toBeNull();
    expect(await t.app.data.reloadIfNewer()).toBe(true);
    expect(t.app.data.snapshot.version).toBe(version);
    expect(t.app.data.snapshot.dataVersion).toBe(dataVersion);
    expect((await readMeta(t.database.db))!.dataVersion).toBe(dataVersion);
    const { data } = await t.client.get("/api/v1/rank/versions");
    expect(data.snapshots[0]).toMatchObject({ version, reason: "refresh", slot: slot.toISOString() });
  });
});

describe("CLIs", () => {
  it(
    "data:seed, data:import and data:refresh run on the embedded database and print summaries",
    { timeout: 120_000 },
    () => {
      const env = { ...process.env, DATA_DIR: path.join(dir, "db"), LOG_LEVEL: "silent" };
      const run = (script: string, args: string[]) =>
        spawnSync(process.execPath, ["--import", "tsx", `server/modules/catalog/cli/${script}.ts`, ...args], {
          env,
          encoding: "utf8",
        });
      const seed = run("seed", ["--scale", "0.02", "--seed", "cli"]);
      expect(seed.stdout).toMatch(/data:seed: scale 0.02, seed cli, .*200 goods.*snapshot version 1/);
      expect(seed.stdout).toMatch(
        /data:seed: rank lists recomputed: \d+ lists \(\d+ rows\) filled in .*snapshot version 2/,
      );
      expect(seed.status).toBe(0);
      const imported = run("import", [file]);
      expect(imported.stdout).toMatch(/^line 4: goods: price must be a whole number of cents >= 0$/m);
      expect(imported.stdout).toMatch(/12 lines, 7 loaded \(.*\), 4 bad/);
      expect(imported.stdout).toMatch(/^imported in [\d.]+ s: \d+ lines\/s \(rows written with INSERT\)$/m);
      expect(imported.stdout).toMatch(
        /rank lists recomputed: \d+ lists \(\d+ rows\) filled in [\d.]+ s; snapshot version 4/,
      );
      expect(imported.status).toBe(1);
      const refreshed = run("refresh", []);
      expect(refreshed.stdout).toMatch(/snapshot version 5; \d+ rank lists \(\d+ rows\) filled in/);
      expect(run("seed", ["--scale", "abc"]).stderr).toMatch(/--scale must be a number/);
      expect(run("seed", ["--recompute", "maybe"]).stderr).toMatch(/--recompute must be yes or no/);
      expect(run("import", []).status).toBe(2);
    },
  );
});
