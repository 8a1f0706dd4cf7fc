// `npm run bench:scale -- [--scales 1,5,20,50] [--db postgres|pglite] [--duration S]
// [--connections N] [--step-timeout S] [--import-scale X | --skip-import]`: how the catalogue's
// costs grow with the data, printed per scale, never asserted (docs/scaling.md keeps them).
// For each scale, on a fresh database (PostgreSQL: a throwaway database on the server of
// DATABASE_URL or BENCH_DATABASE_URL, dropped afterwards; PGlite: a temporary DATA_DIR, removed
// afterwards):
// 1. `npm run data:seed -- --scale N`: generation and store time; then the database size;
// 2. `npm run data:refresh`: every rank list filled into the rank tables (wall time, the fill's
//    own figures; RANK_FILL_CONNECTIONS in the bench's environment reaches it, as every
//    command), so the server below reads its lists from them; then once more, as every
//    refresh slot after the first runs (the first reads the freshly written tables, whose rows
//    PostgreSQL still marks as it reads them; neither deletes a generation: the cleanup keeps
//    the new one and the one that served the version before);
// 3. the built server (as `npm start` runs it, DEMO_DATA_ON_START=never, RANK_REFRESH=false)
//    timed until /readyz answers with the data stored;
// 4. autocannon (c20 by default) against a bare Fastify route (before and after: the mean is the
//    baseline), one rank list repeated (cached body), then a bare route answering that list's
//    bytes (the ceiling for an answer of its size here), rank lists spread over every kind, rank
//    type, window, market and category (warmed on page 2, measured on page 1: cold bodies),
//    details spread over sampled goods, influencers and videos, and searches spread over many
//    queries made from sampled titles (with typos): req/s, p99, ratio to the baseline, and the
//    CPU the server and its database backends spent per request (which other work on the
//    machine hardly moves, unlike req/s and p99); then the server's resident memory after this
//    same load at every scale;
// 5. `npm run data:import` of a sample NDJSON in the import format (the generator's records at
//    --import-scale, written once), into the scale's database: the lines per second the import
//    itself prints (reading, validating and storing, with the search tables and rank history
//    brought up to date: the sample keeps the stored calendar, so only its entities' rows), then
//    its closing refresh's seconds and the command's wall time beside them; then the late file
//    (the sample's daily lines of one day two days before its calendar's end, their figures
//    doubled) imported with
//    `--recompute no`: its seconds and how the search tables followed (left out with
//    --skip-import).
// A scale the tools refuse (data:seed takes 0.01 to 1000) is reported and skipped; every
// step has a timeout, and a failed step ends that scale with its reason, not the run.
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { ensureServerBuild, SERVER_ENTRY } from "../scripts/build-state";
import { freePort } from "../scripts/free-port";
import { openDatabase, type DatabaseSettings } from "../server/db/client";
import { categories, goods, influencers, videos } from "../server/db/data-schema";
import {
  addDays,
  businessDate,
  datasetRecords,
  generateDataset,
  MARKET_CODES,
  type BusinessDate,
} from "../server/modules/catalog/engine";
import { CATEGORY_ENTITIES, ENTITY_KINDS, RANK_TYPES, RANK_WINDOWS } from "../contract/rank";
import { createThrowawayPostgres } from "../tests/server/helpers/app";
import { proToken } from "./demo-login";
import { measure, type Load, type LoadOptions } from "./load";
import {
  cpuMicroseconds,
  msUntilHealthy,
  residentMb,
  runToEnd,
  startBareServer,
  startChild,
  type Child,
  type Finished,
} from "./processes";

const USAGE =
  "npm run bench:scale -- [--scales 1,5,20,50] [--db postgres|pglite] [--duration S] [--connections N] [--step-timeout S] [--import-scale X | --skip-import]";
const API = { "system-id": "14" };
const SEED = "shopradar";
/**
 * Ids of each kind the detail load spreads over and titles the search queries come from: half
 * for the warm-up, the other half measured, so the measured bodies start cold.
 */
const SAMPLE_IDS = 10_000;
const SAMPLE_TITLES = 6_000;
const MAX_QUERIES = 40_000;

// ---- options ----------------------------------------------------------------------------

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) fail(`--${name} needs a value`);
  return value;
}

function fail(message: string): never {
  console.error(`bench:scale: ${message}\nusage: ${USAGE}`);
  process.exit(2);
}

function positive(name: string, fallback: number): number {
  const raw = option(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!(value > 0)) fail(`--${name} must be a positive number`);
  return value;
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
// Children get the database of their scale, never the admin one.
delete process.env.DATABASE_URL;
const scales = (option("scales") ?? "1").split(",").map((s) => Number(s.trim()));
if (scales.some((s) => !(s > 0))) fail("--scales must be positive numbers, e.g. 1,5,20");
const dbKind = option("db") ?? (adminUrl ? "postgres" : "pglite");
if (dbKind !== "postgres" && dbKind !== "pglite") fail("--db must be postgres or pglite");
if (dbKind === "postgres" && !adminUrl) fail("--db postgres needs DATABASE_URL or BENCH_DATABASE_URL");
const durationS = positive("duration", 10);
const warmupS = 2;
const connections = positive("connections", 20);
const stepTimeoutMs = positive("step-timeout", 900) * 1000;
const importScale = positive("import-scale", 0.1);
// Without step 5 (its closing recompute is a second full refresh: about six minutes at scale 50).
const skipImport = process.argv.slice(2).includes("--skip-import");

// ---- the sample import file -------------------------------------------------------------

/** How many days before the calendar's end the late file's day is (inside the rank history). */
const LATE_DAY_BACK = 2;

/** A day's figures corrected upwards: each metric twice the sample's. */
const doubled = (metrics: Record<string, number>) =>
  Object.fromEntries(Object.entries(metrics).map(([metric, value]) => [metric, value * 2]));

/**
 * Writes the generator's records at `scale` (another seed) as NDJSON into `dir`: the sample, and
 * the late file (the sample's daily lines of one day LATE_DAY_BACK before its calendar's end,
 * each figure doubled, as a corrected day's file would be).
 */
async function writeImportSample(dir: string, scale: number): Promise<ImportSample> {
  const dataset = generateDataset({ seed: "bench-import", scale, today: businessDate(new Date()) });
  const lateDay = addDays(dataset.calendar.endDate, -LATE_DAY_BACK);
  const sample = { file: path.join(dir, "sample.ndjson"), lines: 0 };
  const late = { file: path.join(dir, "late-day.ndjson"), lines: 0, day: lateDay };
  const out = createWriteStream(sample.file);
  const lateOut = createWriteStream(late.file);
  for (const record of datasetRecords(dataset)) {
    const line = `${JSON.stringify(record)}\n`;
    if (!out.write(line)) await once(out, "drain");
    sample.lines++;
    if (record.type === "daily" && record.date === lateDay) {
      const corrected = { ...record, metrics: doubled(record.metrics) };
      if (!lateOut.write(`${JSON.stringify(corrected)}\n`)) await once(lateOut, "drain");
      late.lines++;
    }
  }
  for (const stream of [out, lateOut]) {
    stream.end();
    await once(stream, "finish");
  }
  return { ...sample, late };
}

// ---- one scale --------------------------------------------------------------------------

interface Figures {
  scale: number;
  /** Why the scale stopped early (skipped, timed out, failed), if it did. */
  stopped?: string;
  counts?: string;
  generateS?: number;
  storeS?: number;
  databaseMb?: number;
  startS?: number;
  rssStartMb?: number;
  rssLoadMb?: number;
  baselineRps?: number;
  loads: Load[];
  refreshS?: number;
  refreshNote?: string;
  refreshAgainS?: number;
  refreshAgainNote?: string;
  importRowsPerS?: number;
  importNote?: string;
  /** The late file's import (its own seconds, without a closing refresh). */
  lateImportS?: number;
  lateImportNote?: string;
}

class StepError extends Error {}

/** A CLI step: its output, or a StepError saying it was refused, timed out or failed. */
async function cli(name: string, args: string[], env: Record<string, string>): Promise<Finished> {
  const result = await runToEnd(args, env, stepTimeoutMs);
  if (result.timedOut) throw new StepError(`${name} timed out after ${stepTimeoutMs / 1000} s`);
  if (result.code !== 0) {
    const lines = (result.stderr.trim() || result.stdout.trim()).split("\n");
    // A usage mistake (exit code 2) is said on the first line; a failure on the last ones.
    const reason = result.code === 2 ? lines[0] : lines.slice(-3).join(" / ");
    throw new StepError(result.code === 2 ? `refused: ${reason}` : `${name} exited with ${result.code}: ${reason}`);
  }
  return result;
}

const seconds = (text: string, pattern: RegExp) => {
  const match = text.match(pattern);
  return match ? Number(match[1]) : undefined;
};

function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? directoryBytes(full) : statSync(full).size;
  }
  return total;
}

/** Paths a spread load measures, and others (of the same kind) its warm-up requests. */
interface Spread {
  measured: string[];
  warmup: string[];
}

/** Alternate items to the warm-up and to the measured run. */
function split(paths: string[]): Spread {
  return { warmup: paths.filter((_, i) => i % 2 === 0), measured: paths.filter((_, i) => i % 2 === 1) };
}

/** What the loads spread over, read from the stored data before the server starts. */
interface Sample {
  categoryIds: number[];
  details: Spread;
  searches: Spread;
}

/** A deterministic shuffle (the same order at every scale for the same input). */
function shuffled<T>(items: T[]): T[] {
  let state = 2_166_136_261;
  const random = () => {
    state = Math.imul(state ^ (state >>> 15), 2_246_822_519) >>> 0;
    state = (state + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Queries from titles: single words, word pairs and one-letter typos, in the entity's market. */
function queriesFrom(titles: Array<{ text: string; market: string }>, kind: string): string[] {
  const paths: string[] = [];
  for (const { text, market } of titles) {
    const words = text.split(/\s+/).filter((word) => word.length >= 3 && word.length <= 20);
    const pick = words.slice(0, 3);
    const queries = [...pick];
    if (pick.length >= 2) queries.push(`${pick[0]} ${pick[1]}`);
    if (pick[0] && pick[0].length >= 5) queries.push(pick[0].slice(0, 2) + pick[0].slice(3)); // a letter missing
    for (const query of queries)
      paths.push(`/api/v1/search/${kind}?keyword=${encodeURIComponent(query)}&country=${market}`);
  }
  return paths;
}

async function sampleData(settings: DatabaseSettings): Promise<Sample> {
  const database = await openDatabase(settings);
  try {
    const { db } = database;
    const ids = async (table: typeof goods | typeof influencers | typeof videos) =>
      (
        await db
          .select({ id: table.id })
          .from(table)
          .orderBy(sql`md5(${table.id})`)
          .limit(SAMPLE_IDS)
      ).map((row) => row.id);
    const [goodsIds, influencerIds, videoIds] = [await ids(goods), await ids(influencers), await ids(videos)];
    const detailPaths: string[] = [];
    for (let i = 0; i < Math.max(goodsIds.length, influencerIds.length, videoIds.length); i++) {
      if (goodsIds[i]) detailPaths.push(`/api/v1/goods/${goodsIds[i]}`);
      if (influencerIds[i]) detailPaths.push(`/api/v1/influencers/${influencerIds[i]}`);
      if (videoIds[i]) detailPaths.push(`/api/v1/videos/${videoIds[i]}`);
    }
    const goodsTitles = await db
      .select({ text: goods.title, market: goods.market })
      .from(goods)
      .orderBy(sql`md5(${goods.id})`)
      .limit(SAMPLE_TITLES);
    const videoTitles = await db
      .select({ text: videos.title, market: videos.market })
      .from(videos)
      .orderBy(sql`md5(${videos.id})`)
      .limit(SAMPLE_TITLES);
    const nicknames = await db
      .select({ text: influencers.nickname, market: influencers.market })
      .from(influencers)
      .orderBy(sql`md5(${influencers.id})`)
      .limit(SAMPLE_TITLES);
    const searches = shuffled([
      ...new Set([
        ...queriesFrom(goodsTitles, "goods"),
        ...queriesFrom(videoTitles, "videos"),
        ...queriesFrom(nicknames, "influencers"),
      ]),
    ]).slice(0, MAX_QUERIES);
    const categoryIds = (await db.select({ id: categories.id }).from(categories)).map((row) => row.id);
    return { categoryIds, details: split(detailPaths), searches: split(searches) };
  } finally {
    await database.close();
  }
}

/** Every rank list: kind x rank type x window x market x category (none, then each). */
function rankPaths(categoryIds: number[], page: number): string[] {
  const paths: string[] = [];
  for (const kind of ENTITY_KINDS)
    for (const type of RANK_TYPES[kind])
      for (const window of RANK_WINDOWS)
        for (const market of MARKET_CODES)
          for (const category of CATEGORY_ENTITIES.includes(kind) ? [undefined, ...categoryIds] : [undefined])
            paths.push(
              `/api/v1/rank/${kind}?rank_type=${type}&window=${window}&country=${market}&page=${page}` +
                (category === undefined ? "" : `&category_id=${category}`),
            );
  return shuffled(paths);
}

/** The import sample and the late file (step 5), or null with --skip-import. */
interface ImportSample {
  file: string;
  lines: number;
  late: { file: string; lines: number; day: BusinessDate };
}

async function runScale(scale: number, bareUrl: string, importSample: ImportSample | null): Promise<Figures> {
  const figures: Figures = { scale, loads: [] };
  const throwaway = dbKind === "postgres" ? await createThrowawayPostgres(adminUrl!) : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), "shopradar-scale-"));
  const dbEnv: Record<string, string> = throwaway ? { DATABASE_URL: throwaway.url } : { DATA_DIR: dataDir };
  let server: Child | undefined;
  try {
    // 1. generate and store
    let seeded: Finished;
    try {
      seeded = await cli(
        "data:seed",
        ["server/modules/catalog/cli/seed.ts", "--scale", String(scale), "--seed", SEED, "--recompute", "no"],
        dbEnv,
      );
    } catch (error) {
      const refused = error instanceof StepError && error.message.startsWith("refused: ");
      figures.stopped = refused
        ? `skipped: the generator cannot make it today (${error.message.slice("refused: ".length)})`
        : String(error);
      return figures;
    }
    figures.counts = seeded.stdout.match(/(\d+ goods, \d+ influencers, \d+ videos)/)?.[1];
    figures.generateS = seconds(seeded.stdout, /generated in ([\d.]+) s/);
    figures.storeS = seconds(seeded.stdout, /stored in ([\d.]+) s/);
    if (throwaway) {
      const client = new pg.Client({ connectionString: throwaway.url });
      await client.connect();
      const { rows } = await client.query<{ bytes: string }>("select pg_database_size(current_database()) as bytes");
      await client.end();
      figures.databaseMb = Number(rows[0].bytes) / 2 ** 20;
    } else {
      figures.databaseMb = directoryBytes(dataDir) / 2 ** 20;
    }
    const sample = await sampleData({ dataDir, databaseUrl: throwaway?.url ?? null });

    // 2. refresh: every rank list into the rank tables (what the server's lists are read from)
    const refreshed = await cli("data:refresh", ["server/modules/catalog/cli/refresh.ts"], dbEnv);
    figures.refreshS = refreshed.ms / 1000;
    figures.refreshNote = refreshed.stdout.trim().split("\n").pop();
    const refreshedAgain = await cli("data:refresh", ["server/modules/catalog/cli/refresh.ts"], dbEnv);
    figures.refreshAgainS = refreshedAgain.ms / 1000;
    figures.refreshAgainNote = refreshedAgain.stdout.trim().split("\n").pop();

    // 3. start with the data stored
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    server = startChild([SERVER_ENTRY], {
      ...dbEnv,
      PORT: String(port),
      HOST: "127.0.0.1",
      STATIC_DIR: "/nonexistent/shopradar-bench",
      LOG_LEVEL: "warn",
      DEMO_MODE: "true",
      DEMO_DATA_ON_START: "never",
      RANK_REFRESH: "false",
      RATE_LIMIT_SCALE: "0",
    });
    figures.startS = (await msUntilHealthy(`${base}/readyz`, server, started, stepTimeoutMs)) / 1000;
    figures.rssStartMb = residentMb(server.process.pid!);

    // 4. the same load at every scale
    const running = server;
    // CPU per request of the server and, on PostgreSQL, of the database's backends serving it.
    const backends = throwaway ? new pg.Client({ connectionString: throwaway.url }) : null;
    await backends?.connect();
    const cpu = async (): Promise<Record<string, number>> => {
      const used: Record<string, number> = { server: cpuMicroseconds(running.process.pid!) / 1000 };
      if (!backends) return used;
      const { rows } = await backends.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      for (const { pid } of rows) {
        try {
          used[`database:${pid}`] = cpuMicroseconds(pid) / 1000;
        } catch {
          // The backend ended between the query and the read.
        }
      }
      return used;
    };
    // A server gone (a crash, or killed from outside) ends the scale with its last output,
    // rather than its refused connections being printed as figures.
    const measureServer = async (name: string, url: string, options: LoadOptions) => {
      const load = await measure(name, url, options);
      const { exitCode, signalCode } = running.process;
      if (exitCode !== null || signalCode !== null) {
        const last = running.output().trim().split("\n").slice(-10).join(" / ");
        // The server exits with code 0 after a signal it handles (SIGTERM, SIGINT, SIGHUP).
        const how =
          signalCode ?? (exitCode === 0 ? "code 0: a shutdown signal from outside the bench" : `code ${exitCode}`);
        throw new Error(`the server exited (${how}) during "${name}": ${last}`);
      }
      figures.loads.push(load);
      return load;
    };
    const token = await proToken(base);
    const pro = { ...API, authorization: `Bearer ${token}` };
    // The bare route's loads without `cpu`: the API server and its database are idle then.
    const plain = { connections, durationS, warmupS };
    const o = { ...plain, cpu };
    const first = await measureServer("bare Fastify JSON route", bareUrl, plain);
    const cachedList = `${base}/api/v1/rank/goods?window=24h`;
    await measureServer("rank list, one repeated (cached)", cachedList, { ...o, headers: API });
    // The same list's bytes from a bare route (a process of its own): the ceiling for an answer
    // of that size on this machine and load generator, beside the small bare route's.
    const listBody = Buffer.from(await (await fetch(cachedList, { headers: API })).arrayBuffer());
    const bareBody = await startBareServer({ bytes: listBody, dir: dataDir });
    try {
      const kb = (listBody.length / 1024).toFixed(1);
      await measureServer(`bare Fastify route answering the list's ${kb} KB`, bareBody.bodyUrl, plain);
    } finally {
      await bareBody.child.stop();
    }
    const lists = rankPaths(sample.categoryIds, 1);
    await measureServer(`rank lists spread over ${lists.length}`, base, {
      ...o,
      headers: pro,
      paths: lists,
      warmupPaths: rankPaths(sample.categoryIds, 2),
    });
    for (const [name, spread] of [
      [`details spread over ${sample.details.measured.length} ids`, sample.details],
      [`searches spread over ${sample.searches.measured.length} queries`, sample.searches],
    ] as const)
      await measureServer(name, base, { ...o, headers: pro, paths: spread.measured, warmupPaths: spread.warmup });
    const again = await measureServer("bare Fastify JSON route (again)", bareUrl, plain);
    figures.baselineRps = (first.rps + again.rps) / 2;
    figures.rssLoadMb = residentMb(server.process.pid!);
    await backends?.end();
    await server.stop();
    server = undefined;

    // 5. import
    if (!importSample) return figures;
    const imported = await cli("data:import", ["server/modules/catalog/cli/import.ts", importSample.file], dbEnv);
    const storedS = seconds(imported.stdout, /imported in ([\d.]+) s/);
    if (storedS === undefined) throw new StepError("data:import printed no 'imported in' line");
    figures.importRowsPerS = importSample.lines / storedS;
    figures.importNote = `${importSample.lines} lines stored in ${storedS.toFixed(1)} s; ${(imported.ms / 1000).toFixed(1)} s wall with the closing ${imported.stdout.match(/rank lists recomputed: .*/)?.[0] ?? "refresh: no recompute line"}`;
    // The late file keeps the calendar: only what it changed is brought up to date.
    const { late } = importSample;
    const lateImport = await cli(
      "data:import (late day)",
      ["server/modules/catalog/cli/import.ts", late.file, "--recompute", "no"],
      dbEnv,
    );
    figures.lateImportS = seconds(lateImport.stdout, /imported in ([\d.]+) s/);
    figures.lateImportNote = `${late.lines} daily lines of ${late.day}; ${lateImport.stdout.match(/search rows: .*/)?.[0] ?? "no search line"}`;
  } catch (error) {
    figures.stopped = error instanceof Error ? error.message.split("\n").slice(0, 6).join(" / ") : String(error);
  } finally {
    await server?.stop();
    await throwaway?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

// ---- report -----------------------------------------------------------------------------

const fixed = (value: number | undefined, digits = 1) => (value === undefined ? "-" : value.toFixed(digits));

function report(f: Figures): void {
  console.log(
    `\n== scale ${f.scale} on ${dbKind === "postgres" ? "PostgreSQL" : "PGlite"}${f.counts ? `: ${f.counts}` : ""}`,
  );
  if (f.generateS !== undefined)
    console.log(
      `generated in ${fixed(f.generateS)} s, stored in ${fixed(f.storeS)} s; database ${fixed(f.databaseMb, 0)} MB`,
    );
  if (f.startS !== undefined)
    console.log(`start with the data stored to /readyz: ${fixed(f.startS)} s; resident ${fixed(f.rssStartMb, 0)} MB`);
  if (f.loads.length) {
    console.log(`autocannon c${connections}, ${durationS} s after a ${warmupS} s warm-up each:`);
    console.log(
      "  " + "load".padEnd(50),
      "req/s".padStart(8),
      "p99 ms".padStart(7),
      "vs bare".padStart(8),
      "errors".padStart(7),
      "requests".padStart(9),
      "CPU ms/req: server".padStart(19),
      "database".padStart(9),
    );
    for (const l of f.loads)
      console.log(
        "  " + l.name.padEnd(50),
        l.rps.toFixed(0).padStart(8),
        String(l.p99).padStart(7),
        (f.baselineRps ? (l.rps / f.baselineRps).toFixed(2) : "-").padStart(8),
        String(l.errors).padStart(7),
        String(l.requests).padStart(9),
        fixed(l.cpuMsPerRequest?.server, 2).padStart(19),
        fixed(l.cpuMsPerRequest?.database, 2).padStart(9),
      );
    console.log(
      "  (a spread load's requests beyond its distinct paths repeat them: those may come from cached bodies)",
    );
  }
  if (f.rssLoadMb !== undefined) console.log(`resident memory after the load: ${fixed(f.rssLoadMb, 0)} MB`);
  if (f.refreshS !== undefined) console.log(`refresh: ${fixed(f.refreshS)} s wall (${f.refreshNote})`);
  if (f.refreshAgainS !== undefined)
    console.log(`refresh again: ${fixed(f.refreshAgainS)} s wall (${f.refreshAgainNote})`);
  if (f.importRowsPerS !== undefined) console.log(`import: ${fixed(f.importRowsPerS, 0)} lines/s (${f.importNote})`);
  if (f.lateImportS !== undefined) console.log(`late day's import: ${fixed(f.lateImportS)} s (${f.lateImportNote})`);
  if (f.stopped) console.log(`scale ${f.scale}: ${f.stopped}`);
}

function summary(all: Figures[]): void {
  const load = (f: Figures, prefix: string) => f.loads.find((l) => l.name.startsWith(prefix));
  const pair = (l: Load | undefined) => (l ? `${l.rps.toFixed(0)} / ${l.p99}` : "-");
  console.log(
    `\nsummary (${dbKind}; req/s / p99 ms at c${connections}; the machine's CPUs shared with the load generator):`,
  );
  console.log(
    "| scale | generate + store s | database MB | start s | RSS after load MB | refresh s (first / again) | bare | list cached | list spread | detail | search | import lines/s | late day's import s |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const f of all) {
    if (f.generateS === undefined) {
      console.log(`| ${f.scale} | ${f.stopped ?? "-"} | | | | | | | | | | | |`);
      continue;
    }
    console.log(
      `| ${f.scale} | ${fixed(f.generateS)} + ${fixed(f.storeS)} | ${fixed(f.databaseMb, 0)} | ${fixed(f.startS)} | ${fixed(f.rssLoadMb, 0)} | ${fixed(f.refreshS)} / ${fixed(f.refreshAgainS)} | ${f.baselineRps?.toFixed(0) ?? "-"} | ${pair(load(f, "rank list, one"))} | ${pair(load(f, "rank lists spread"))} | ${pair(load(f, "details"))} | ${pair(load(f, "searches"))} | ${fixed(f.importRowsPerS, 0)} | ${fixed(f.lateImportS)} |`,
    );
  }
}

// ---- main -------------------------------------------------------------------------------

ensureServerBuild();
const workDir = mkdtempSync(path.join(tmpdir(), "shopradar-scale-import-"));
const bare = await startBareServer();
try {
  const importSample = skipImport ? null : await writeImportSample(workDir, importScale);
  console.log(
    `bench:scale on ${dbKind}, scales ${scales.join(", ")}; ` +
      (importSample
        ? `import sample: ${importSample.lines} lines (generator scale ${importScale}); late file: ${importSample.late.lines} lines`
        : "no import (--skip-import)"),
  );
  const all: Figures[] = [];
  for (const scale of scales) {
    const figures = await runScale(scale, bare.url, importSample);
    report(figures);
    all.push(figures);
  }
  summary(all);
} finally {
  await bare.child.stop();
  rmSync(workDir, { recursive: true, force: true });
}
