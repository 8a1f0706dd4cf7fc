// `npm run fuzz -- <requests> [--seed N] [--url URL | --database-url URL] [--limits] [--concurrency N]`:
// fuzzes every route, method and parameter of /api/v1/openapi.json (bench/fuzz/*). Without --url
// it starts its own server in-process (in-memory PGlite, or the PostgreSQL database named by
// --database-url, which it writes to; demo mode; rate limits off unless --limits). Prints the
// figures (requests, answers by status, requests/s, routes covered) and every 5xx, hang or
// dropped connection with a one-line reproduction; exits 1 on any of them or when the server is
// unhealthy afterwards.
import { parseArgs } from "node:util";
import { reproduction, runFuzz, type FuzzReport } from "./fuzz/runner";
import { startFuzzServer, type FuzzServer } from "./fuzz/server";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seed: { type: "string", default: "1" },
    url: { type: "string" },
    "database-url": { type: "string" },
    limits: { type: "boolean", default: false },
    concurrency: { type: "string", default: "8" },
  },
});
const requests = Number(positionals[0] ?? "1000");
const seed = Number(values.seed);
const concurrency = Number(values.concurrency);
if (![requests, seed, concurrency].every(Number.isSafeInteger) || requests < 1 || concurrency < 1) {
  console.error(
    "usage: npm run fuzz -- <requests> [--seed N] [--url URL | --database-url URL] [--limits] [--concurrency N]",
  );
  process.exit(2);
}

function print(report: FuzzReport, server: FuzzServer | null): void {
  const covered = [...report.byOperation.values()].filter((count) => count > 0).length;
  const statuses = [...report.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
  console.log(`requests sent      ${report.sent} (seed ${seed}, concurrency ${concurrency})`);
  console.log(`answers by status  ${statuses.join(", ")}`);
  console.log(`requests/s         ${(report.sent / report.seconds).toFixed(0)} (${report.seconds.toFixed(1)} s)`);
  console.log(`routes covered     ${covered} of ${report.byOperation.size} operations`);
  console.log(`5xx/hangs/drops    ${report.failures.length}`);
  for (const failure of report.failures) {
    console.log(`  ${failure.kind} ${failure.status ?? ""} ${reproduction(failure.request)}`);
    console.log(`    answer: ${failure.detail}`);
  }
  if (server && server.errorLines.length > 0) {
    console.log(`server error log (first 5 of ${server.errorLines.length}):`);
    for (const line of server.errorLines.slice(0, 5)) console.log(`  ${line.slice(0, 2000)}`);
  }
  console.log(`healthy after      ${report.healthy ? "yes" : "NO"}: ${report.healthDetail}`);
}

const server = values.url
  ? null
  : await startFuzzServer({ rateLimits: values.limits, databaseUrl: values["database-url"] });
try {
  const report = await runFuzz({ url: values.url ?? server!.url, requests, seed, concurrency });
  print(report, server);
  process.exitCode = report.failures.length === 0 && report.healthy ? 0 : 1;
} finally {
  await server?.close();
}
