// `npm run data:seed -- [--scale N] [--seed S] [--days D] [--recompute yes|no]`: generates the
// seeded demo dataset shard by shard and replaces the stored one with it in one transaction (a
// new snapshot version, so running servers on PostgreSQL move to it within DATA_POLL_MS). Prints
// its progress every few seconds (rows and entities per second), then the counts, the time
// generating and storing and the process's peak resident memory; then, unless `--recompute no`,
// fills and publishes the new version's rank lists (jobs/refresh.ts; servers otherwise catch up
// by themselves).
import { DEFAULT_DAYS } from "../engine";
import { MAX_SCALE, MIN_SCALE } from "../engine/generate/counts";
import { recomputeAfterDataChange } from "../jobs/refresh";
import { streamDemoDataset, type SeedProgress } from "../seed";
import { numberOption, parseArgs, UsageError } from "../../../boot/cli-args";
import { runCli } from "../../../boot/run-cli";

const USAGE = `npm run data:seed -- [--scale N (${MIN_SCALE} to ${MAX_SCALE})] [--seed S] [--days D] [--recompute yes|no]`;
const PROGRESS_EVERY_MS = 5_000;

const perSecond = (count: number, ms: number) => Math.round(count / Math.max(ms / 1000, 0.001)).toLocaleString("en");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

await runCli("data:seed", USAGE, async (database, config) => {
  const args = parseArgs(process.argv.slice(2), ["scale", "seed", "days", "recompute"]);
  if (args.positional.length) throw new UsageError(`Unexpected argument '${args.positional[0]}'`);
  const recompute = args.options.get("recompute") ?? "yes";
  if (recompute !== "yes" && recompute !== "no") throw new UsageError("--recompute must be yes or no");
  const scale = numberOption(args, "scale", config.demoDataScale, MIN_SCALE, MAX_SCALE);
  const days = numberOption(args, "days", DEFAULT_DAYS, 14, 400);
  const seed = args.options.get("seed") ?? config.demoDataSeed;
  const started = performance.now();
  let printed = started;
  let last: SeedProgress | undefined;
  const print = (p: SeedProgress) => {
    const ms = performance.now() - started;
    process.stdout.write(
      `data:seed: shard ${Math.min(p.parts + 1, p.shards)}/${p.shards}, ${p.rows.toLocaleString("en")} rows ` +
        `(${perSecond(p.rows, ms)} rows/s), ${p.entities.toLocaleString("en")} entities (${perSecond(p.entities, ms)}/s), ` +
        `${seconds(ms)}\n`,
    );
  };
  const result = await streamDemoDataset(database.db, {
    seed,
    scale,
    days,
    onProgress: (progress) => {
      last = progress;
      if (performance.now() - printed < PROGRESS_EVERY_MS) return;
      printed = performance.now();
      print(progress);
    },
  });
  const { counts } = result;
  const ms = performance.now() - started;
  const rows = last?.rows ?? 0;
  process.stdout.write(
    `data:seed: scale ${scale}, seed ${seed}, ${days} days in ${result.shards} shard(s): ` +
      `${counts.goods} goods, ${counts.influencers} influencers, ${counts.videos} videos, ` +
      `${counts.music} music, ${counts.hashtags} hashtags; ${rows} rows (${perSecond(rows, ms)} rows/s); ` +
      `generated in ${seconds(result.generateMs)}, stored in ${seconds(result.storeMs)}; ` +
      `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; snapshot version ${result.version}\n`,
  );
  if (recompute === "yes")
    process.stdout.write(
      `data:seed: ${await recomputeAfterDataChange(database, { connections: config.rankFillConnections })}\n`,
    );
});
