// `npm run data:seed -- [--scale N] [--seed S] [--days D]`: generates the seeded demo dataset
// and replaces the stored one (a new snapshot version, so running servers on PostgreSQL reload
// it within DATA_POLL_MS). Prints how long generation and storage took.
import { DEFAULT_DAYS } from "../engine";
import { seedDemoDataset } from "../seed";
import { numberOption, parseArgs, UsageError } from "../../../boot/cli-args";
import { runCli } from "../../../boot/run-cli";

const USAGE = "npm run data:seed -- [--scale N] [--seed S] [--days D]";

await runCli("data:seed", USAGE, async (database, config) => {
  const args = parseArgs(process.argv.slice(2), ["scale", "seed", "days"]);
  if (args.positional.length) throw new UsageError(`Unexpected argument '${args.positional[0]}'`);
  const scale = numberOption(args, "scale", config.demoDataScale, 0.01, 20);
  const days = numberOption(args, "days", DEFAULT_DAYS, 14, 400);
  const seed = args.options.get("seed") ?? config.demoDataSeed;
  const result = await seedDemoDataset(database.db, { seed, scale, days });
  const { dataset } = result;
  process.stdout.write(
    `data:seed: scale ${scale}, seed ${seed}, ${dataset.calendar.startDate}..${dataset.calendar.endDate}: ` +
      `${dataset.goods.length} goods, ${dataset.influencers.length} influencers, ${dataset.videos.length} videos, ` +
      `${dataset.music.length} music, ${dataset.hashtags.length} hashtags; generated in ${(result.generateMs / 1000).toFixed(2)} s, ` +
      `stored in ${(result.storeMs / 1000).toFixed(2)} s; snapshot version ${result.version}\n`,
  );
});
