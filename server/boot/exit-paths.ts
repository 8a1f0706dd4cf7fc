// Every way out of a process that holds the database goes through one close: SIGINT (Ctrl-C),
// SIGTERM (service managers, orchestrators), SIGHUP (a closed terminal), an uncaught exception
// and an unhandled rejection (reported, then exit 1). PGlite writes its files in close(), and a
// PostgreSQL pool ends its sessions there, so the server (index.ts), the CLIs (run-cli.ts) and the
// first-start child all call this once. A close that hangs gives up after timeoutMs (exit 1).

import { constants } from "node:os";

export type ExitCause =
  | { kind: "signal"; signal: NodeJS.Signals }
  | { kind: "uncaughtException" | "unhandledRejection" | "startFailed"; error: unknown };

export interface ExitPathOptions {
  /** Closes what the process holds (the app, then the database); called at most once. */
  close: (cause: ExitCause) => Promise<void>;
  /** Told first, before closing (a log line); errors are reported here too. */
  report: (cause: ExitCause) => void;
  /** Exit code after a signal: 0 for the server (a clean stop), non-zero for a CLI cut short. */
  signalExitCode: (signal: NodeJS.Signals) => number;
  timeoutMs: number;
  /** Where the process ends (tests pass a spy); process.exit by default. */
  exit?: (code: number) => void;
}

export const EXIT_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** Installs the handlers; `shutdown` runs the same close by hand (after a failed listen). */
export function closeOnEveryExit(options: ExitPathOptions): { shutdown: (cause: ExitCause, code: number) => void } {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  const shutdown = (cause: ExitCause, code: number) => {
    if (closing) return;
    closing = true;
    options.report(cause);
    setTimeout(() => exit(1), options.timeoutMs).unref();
    options.close(cause).then(
      () => exit(code),
      () => exit(1),
    );
  };
  for (const signal of EXIT_SIGNALS)
    process.on(signal, () => shutdown({ kind: "signal", signal }, options.signalExitCode(signal)));
  process.on("uncaughtException", (error) => shutdown({ kind: "uncaughtException", error }, 1));
  process.on("unhandledRejection", (error) => shutdown({ kind: "unhandledRejection", error }, 1));
  return { shutdown };
}

/** The conventional exit code of a process ended by `signal` (128 + its number). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}
