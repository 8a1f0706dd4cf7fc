// `npm run data:refresh`: runs one rank refresh by hand: every rank list computed in SQL into a
// new generation of the rank tables and published with a new snapshot version, under the same
// advisory lock the scheduler takes (jobs/refresh.ts). Servers on PostgreSQL move to the new
// version within DATA_POLL_MS; with the embedded database stop the server first (PGlite is one
// process) and it starts on the new version.
import { refreshRanks } from "../jobs/refresh";
import { parseArgs, UsageError } from "../../../boot/cli-args";
import { runCli } from "../../../boot/run-cli";

await runCli("data:refresh", "npm run data:refresh", async (database, config) => {
  const args = parseArgs(process.argv.slice(2), []);
  if (args.positional.length) throw new UsageError(`Unexpected argument '${args.positional[0]}'`);
  const published = await refreshRanks(database, null, { connections: config.rankFillConnections });
  if (published === null) {
    process.stdout.write("data:refresh: nothing to do (no dataset yet, or another instance is refreshing)\n");
    return;
  }
  const { version, filled, deleted } = published;
  process.stdout.write(
    `data:refresh: snapshot version ${version}; ${filled.lists} rank lists (${filled.rows} rows) filled in ` +
      `${(filled.ms / 1000).toFixed(2)} s by ${filled.connections} connection(s) (longest statement ${Math.round(filled.longest.ms)} ms); ` +
      `${deleted.generations.length} old generation(s) deleted\n`,
  );
});
