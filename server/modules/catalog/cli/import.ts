// `npm run data:import -- FILE.ndjson`: loads an NDJSON file (docs/data-format.md). Every bad
// line is printed with its line number and reason while the good ones load; importing the same
// file twice leaves identical rows. Ends with a summary and the rank lists recomputed. Exit
// code 1 when some lines were bad (after loading the rest), so scripts notice.
import { existsSync } from "node:fs";
import { readImportFile } from "../engine";
import { importLines } from "../import/importer";
import { parseArgs, UsageError } from "../../../boot/cli-args";
import { runCli } from "../../../boot/run-cli";

const USAGE = "npm run data:import -- FILE.ndjson";
const SHOWN_PROBLEMS = 50;

await runCli("data:import", USAGE, async (database) => {
  const args = parseArgs(process.argv.slice(2), []);
  const [file, extra] = args.positional;
  if (!file || extra) throw new UsageError("Give exactly one file");
  if (!existsSync(file)) throw new UsageError(`No such file: ${file}`);
  const summary = await importLines(database.db, readImportFile(file), new Date());
  const out = (line: string) => process.stdout.write(`${line}\n`);
  for (const bad of summary.bad) out(`line ${bad.line}: ${bad.reason}`);
  for (const problem of summary.problems.slice(0, SHOWN_PROBLEMS)) out(`${problem.subject}: ${problem.reason}`);
  if (summary.problems.length > SHOWN_PROBLEMS)
    out(`... and ${summary.problems.length - SHOWN_PROBLEMS} more problems`);
  const counts =
    Object.entries(summary.counts)
      .map(([type, n]) => `${n} ${type}`)
      .join(", ") || "nothing";
  out(
    `data:import: ${file}: ${summary.lines} lines, ${summary.loaded} loaded (${counts}), ${summary.bad.length} bad, ${summary.problems.length} problems`,
  );
  out(
    `calendar ${summary.calendar.startDate}..${summary.calendar.endDate}; snapshot version ${summary.version ?? "unchanged"}`,
  );
  if (summary.recomputed)
    out(`rank lists recomputed: ${summary.recomputed.lists} lists in ${(summary.recomputed.ms / 1000).toFixed(2)} s`);
  if (summary.bad.length) process.exitCode = 1;
});
