// `npm run data:refresh`: runs one rank refresh by hand (a new snapshot version under the same
// advisory lock the scheduler takes) and recomputes every list to show the figures. Servers on
// PostgreSQL move to the new version within DATA_POLL_MS; with the embedded database stop the
// server first (PGlite is one process) and it starts on the new version.
import { recomputeAllLists } from "../jobs/recompute";
import { refreshRanks } from "../jobs/refresh";
import { loadDataset } from "../store/read-dataset";
import { parseArgs, UsageError } from "../../../boot/cli-args";
import { runCli } from "../../../boot/run-cli";

await runCli("data:refresh", "npm run data:refresh", async (database) => {
  const args = parseArgs(process.argv.slice(2), []);
  if (args.positional.length) throw new UsageError(`Unexpected argument '${args.positional[0]}'`);
  const version = await refreshRanks(database.db, null);
  if (version === null) {
    process.stdout.write("data:refresh: nothing to do (no dataset yet, or another instance is refreshing)\n");
    return;
  }
  const loaded = await loadDataset(database.db);
  const recomputed = recomputeAllLists(loaded!.dataset);
  process.stdout.write(
    `data:refresh: snapshot version ${version}; ${recomputed.lists} rank lists recomputed in ${(recomputed.ms / 1000).toFixed(2)} s\n`,
  );
});
