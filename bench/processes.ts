// Child processes for the API bench: the real server (the compiled dist-server/server/index.js
// under plain Node, as `npm start` runs it) timed until /healthz answers, the bare baseline
// (bench/bare-server.ts through tsx, started by startBareServer), and their resident memory read
// from /proc. A child's output goes to
// a file, as a deployment's logs go to a file or a collector: read through a pipe by this
// process, which also runs autocannon, the server's access lines would cost the load generator.
// Also CLIs run to their end under a timeout (runToEnd), their printed figures kept, and a
// process's CPU time so far (cpuMicroseconds).
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/build-state";
import { freePort } from "../scripts/free-port";

/** How much of a child's output is kept for error messages. */
const MAX_OUTPUT = 64 * 1024;

export interface Child {
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Runs `node [--import tsx] ...args`: TypeScript entries need the loader; compiled ones (the
 * server) get the V8 heap flags `npm start` uses.
 */
export function startChild(args: string[], env: Record<string, string> = {}): Child {
  const loader = args[0]?.endsWith(".ts") ? ["--import", "tsx"] : [...SERVER_NODE_FLAGS];
  const outputDir = mkdtempSync(path.join(tmpdir(), "shopradar-bench-output-"));
  const outputFile = path.join(outputDir, "output.log");
  const fd = openSync(outputFile, "w");
  const child = spawn(process.execPath, [...loader, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  return {
    process: child,
    output: () => readFileSync(outputFile, "utf8").slice(-MAX_OUTPUT),
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
      rmSync(outputDir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds from now until `url` answers 200 (the child must be starting). */
export async function msUntilHealthy(url: string, child: Child, started: number, timeoutMs = 120_000): Promise<number> {
  while (performance.now() - started < timeoutMs) {
    if (child.process.exitCode !== null) throw new Error(`server exited:\n${child.output()}`);
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not healthy after ${timeoutMs} ms:\n${child.output()}`);
}

export interface BareServer {
  child: Child;
  /** Its small JSON route: the baseline of the ratios. */
  url: string;
  /** Its route answering the given body's bytes (only when started with one). */
  bodyUrl: string;
}

/**
 * bench/bare-server.ts in a child process on a free port, answering once this returns; given
 * `body` (written into `body.dir`), it also answers those bytes at `bodyUrl`: the ceiling for an
 * answer of that size on the machine and load generator of the run. Stop its `child` when done.
 */
export async function startBareServer(body?: { bytes: Buffer; dir: string }): Promise<BareServer> {
  const args = ["bench/bare-server.ts", String(await freePort())];
  if (body) {
    const file = path.join(body.dir, "bare-body.json");
    writeFileSync(file, body.bytes);
    args.push(file);
  }
  const child = startChild(args);
  const origin = `http://127.0.0.1:${args[1]}`;
  try {
    await msUntilHealthy(`${origin}/bare`, child, performance.now());
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { child, url: `${origin}/bare`, bodyUrl: `${origin}/bare-body` };
}

const CLOCK_TICKS = Number(execSync("getconf CLK_TCK").toString().trim());

/** CPU time (user + system) a process has used, in microseconds (Linux /proc). */
export function cpuMicroseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}

/** Resident set size in MB (Linux). */
export function residentMb(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return match ? Number(match[1]) / 1024 : NaN;
}

export interface Finished {
  /** Exit code; null when killed (timed out or signalled). */
  code: number | null;
  timedOut: boolean;
  ms: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node [--import tsx] ...args` to the end (a CLI such as data:seed), killing it after
 * `timeoutMs`; its output is kept, to read the figures it prints.
 */
export async function runToEnd(args: string[], env: Record<string, string>, timeoutMs: number): Promise<Finished> {
  const loader = args[0]?.endsWith(".ts") ? ["--import", "tsx"] : [];
  const started = performance.now();
  const child = spawn(process.execPath, [...loader, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-MAX_OUTPUT)));
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-MAX_OUTPUT)));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGTERM");
  }, timeoutMs);
  const [code] = (await once(child, "exit")) as [number | null];
  clearTimeout(timer);
  return { code, timedOut, ms: performance.now() - started, stdout, stderr };
}
