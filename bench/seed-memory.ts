// `npm run bench:seed-memory -- [--scales 0.1,1,5] [--seed S]`: what `npm run data:seed` costs per
// scale on PostgreSQL. For each scale it creates a throwaway database on ADMIN_DATABASE_URL's
// server (default postgres://postgres@127.0.0.1:5432/postgres), runs the seed CLI in its own
// process against it (its progress lines pass through), and prints the seed process's peak
// resident memory (the CLI's maxRSS), rows written per second, generation and store time and
// the database's size; then drops the database. The generator writes shard by shard, so the
// peak RSS should stay flat from scale 1 up. Figures, never assertions.
import { spawn } from "node:child_process";
import pg from "pg";

const ADMIN_URL = process.env.ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}
const scales = option("scales", "0.1,1,5").split(",").map(Number);
const seed = option("seed", "bench");

async function admin<T>(statement: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as T[];
  } finally {
    await client.end();
  }
}

interface SeedRun {
  scale: number;
  rows: number;
  rowsPerSecond: number;
  generateS: number;
  storeS: number;
  peakRssMb: number;
  wallS: number;
  databaseMb: number;
}

/** Runs the seed CLI against `url`; resolves with the figures of its last line. */
function runSeed(scale: number, url: string): Promise<Omit<SeedRun, "databaseMb">> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "server/modules/catalog/cli/seed.ts",
        "--scale",
        String(scale),
        "--seed",
        seed,
        "--recompute",
        "no",
      ],
      { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "inherit"] },
    );
    let last = "";
    let pending = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        process.stdout.write(`  ${line}\n`);
        if (line.includes("peak RSS")) last = line;
      }
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const number = (pattern: RegExp) => Number((pattern.exec(last)?.[1] ?? "NaN").replace(/,/g, ""));
      if (code !== 0 || !last) return reject(new Error(`data:seed --scale ${scale} exited with ${code}`));
      resolve({
        scale,
        rows: number(/; (\d+) rows/),
        rowsPerSecond: number(/\(([\d,]+) rows\/s\)/),
        generateS: number(/generated in ([\d.]+) s/),
        storeS: number(/stored in ([\d.]+) s/),
        peakRssMb: number(/peak RSS (\d+) MB/),
        wallS: (performance.now() - started) / 1000,
      });
    });
  });
}

const results: SeedRun[] = [];
for (const scale of scales) {
  const name = `shopradar_seed_memory_${process.pid}_${String(scale).replace(/\W/g, "_")}`;
  await admin(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    console.log(`scale ${scale}: seeding ${name}`);
    const run = await runSeed(scale, url.toString());
    const [{ bytes }] = await admin<{ bytes: string }>("SELECT pg_database_size($1)::bigint AS bytes", [name]);
    results.push({ ...run, databaseMb: Number(bytes) / 2 ** 20 });
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

console.log("\nscale | rows | rows/s | generate s | store s | wall s | seed peak RSS MB | database MB");
for (const r of results)
  console.log(
    [
      r.scale,
      r.rows.toLocaleString("en"),
      r.rowsPerSecond.toLocaleString("en"),
      r.generateS.toFixed(1),
      r.storeS.toFixed(1),
      r.wallS.toFixed(1),
      r.peakRssMb,
      r.databaseMb.toFixed(0),
    ].join(" | "),
  );
