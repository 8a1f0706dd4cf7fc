// A process that holds a "database" (a file it marks closed) behind closeOnEveryExit, for
// exit-paths.test.ts: argv[2] is the marker file, argv[3] what ends it (signal: wait for one;
// throw: an uncaught exception; reject: an unhandled rejection).
import { writeFileSync } from "node:fs";
import { closeOnEveryExit, signalExitCode } from "../../../server/boot/exit-paths";

const [marker, ending] = process.argv.slice(2);
closeOnEveryExit({
  timeoutMs: 5_000,
  signalExitCode,
  report: (cause) => process.stderr.write(`ending: ${cause.kind}\n`),
  close: async () => writeFileSync(marker, "closed"),
});
process.stdout.write("ready\n");
if (ending === "throw")
  setTimeout(() => {
    throw new Error("boom");
  }, 10);
if (ending === "reject") setTimeout(() => void Promise.reject(new Error("rejected")), 10);
// Kept alive until a signal arrives.
setInterval(() => {}, 1_000);
