// `npm run data:import -- FILE.ndjson [--recompute yes|no] [--batch-lines N]`: loads an NDJSON
// file (docs/data-format.md), streamed in batches. Every bad line is printed with its line
// number and reason while the good ones load; progress every few seconds; importing the same
// file twice leaves identical rows, and an import that stopped midway (crash, kill) is resumed
// by running it again. Ends with a summary (lines per second, and whether the rows went in
// with COPY, on PostgreSQL, or INSERT) and, when the import made a new
// snapshot version and unless `--recompute no`, a refresh that fills that version's rank lists
// into the rank tables in SQL (jobs/refresh.ts; without it a server catches up by itself). Exit
// code 1 when some lines were bad (after loading the rest), so scripts notice.
import { existsSync } from "node:fs";
import { readImportFile } from "../engine";
import { IMPORT_BATCH_LINES, importLines } from "../import/importer";
import { recomputeAfterDataChange } from "../jobs/refresh";
import { numberOption, parseArgs, UsageError } from "../../../boot/cli-args";
import { runCli } from "../../../boot/run-cli";

const USAGE = "npm run data:import -- FILE.ndjson [--recompute yes|no] [--batch-lines N]";
const SHOWN_PROBLEMS = 50;
const PROGRESS_EVERY_MS = 5000;

await runCli("data:import", USAGE, async (database, config) => {
  const args = parseArgs(process.argv.slice(2), ["recompute", "batch-lines"]);
  const recompute = args.options.get("recompute") ?? "yes";
  if (recompute !== "yes" && recompute !== "no") throw new UsageError("--recompute must be yes or no");
  const batchLines = numberOption(args, "batch-lines", IMPORT_BATCH_LINES, 1, 100_000);
  const [file, extra] = args.positional;
  if (!file || extra) throw new UsageError("Give exactly one file");
  if (!existsSync(file)) throw new UsageError(`No such file: ${file}`);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const started = performance.now();
  let shown = started;
  const summary = await importLines(database.db, readImportFile(file), new Date(), {
    batchLines,
    onBad: (bad) => out(`line ${bad.line}: ${bad.reason}`),
    onProgress: (lines) => {
      const now = performance.now();
      if (now - shown < PROGRESS_EVERY_MS) return;
      shown = now;
      out(`... ${lines} lines, ${Math.round(lines / ((now - started) / 1000))} lines/s`);
    },
  });
  if (summary.resumed)
    out(
      `resumed an unfinished import: ${summary.batches.skipped} batches already stored, ${summary.batches.written} written`,
    );
  for (const problem of summary.problems.slice(0, SHOWN_PROBLEMS)) out(`${problem.subject}: ${problem.reason}`);
  if (summary.problemCount > SHOWN_PROBLEMS) out(`... and ${summary.problemCount - SHOWN_PROBLEMS} more problems`);
  const counts =
    Object.entries(summary.counts)
      .map(([type, n]) => `${n} ${type}`)
      .join(", ") || "nothing";
  out(
    `data:import: ${file}: ${summary.lines} lines, ${summary.loaded} loaded (${counts}), ${summary.badCount} bad, ${summary.problemCount} problems`,
  );
  const writes = summary.writtenWith ? ` (rows written with ${summary.writtenWith.toUpperCase()})` : "";
  out(
    `imported in ${(summary.ms / 1000).toFixed(1)} s: ${Math.round(summary.lines / (summary.ms / 1000))} lines/s${writes}`,
  );
  out(
    `calendar ${summary.calendar.startDate}..${summary.calendar.endDate}; snapshot version ${summary.version ?? "unchanged"}`,
  );
  if (summary.search) {
    const { mode, rows, listsMerged, listsRead, listsDropped } = summary.search;
    out(
      mode === "every row"
        ? `search rows: all ${rows} rewritten`
        : `search rows: ${rows} changed rewritten; common words' lists ${listsMerged} merged, ${listsRead} read again, ${listsDropped} dropped`,
    );
  }
  if (summary.version !== null && recompute === "yes")
    out(await recomputeAfterDataChange(database, { connections: config.rankFillConnections }));
  if (summary.badCount) process.exitCode = 1;
});
