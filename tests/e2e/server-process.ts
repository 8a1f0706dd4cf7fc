// Starts the product exactly as `npm start` does (scripts/start.ts: build if stale, then the
// server; or, for server-tier tests, server/index.ts from source without any build) on a free
// port with its own data directory, and stops it with SIGTERM. Waits until it is healthy and, when its refresh scheduler runs, until a fresh dataset's rank lists are published.
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/build-state";
import { freePort } from "../../scripts/free-port";

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** Waits until the server is ready: listening and its database answering (/readyz). */
export async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} not healthy within ${timeoutMs} ms`);
}

export interface StartOptions {
  dataDir?: string;
  /** A fixed port (a restart keeping the origin, so the browser keeps its worker and caches). */
  port?: number;
  env?: Record<string, string>;
  /** Also append the server's output to this file. */
  logFile?: string;
  /**
   * Run server/index.ts from source under tsx instead of scripts/start.ts: no app or server
   * build and no static files, for server-tier tests that run in parallel before the e2e
   * tier's build exists.
   */
  fromSource?: boolean;
}

/** Waits until the newest snapshot version is a refresh's, or there is no dataset at all. */
async function waitForListsPublished(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${url}/api/v1/rank/versions`, { headers: { "system-id": "14" } });
    const { data } = (await response.json()) as { data: { snapshots: { reason: string }[] } };
    if (data.snapshots.length === 0 || data.snapshots[0].reason === "refresh") return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the rank lists of ${url} were not published within ${timeoutMs} ms`);
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "shopradar-e2e-"));
  let output = "";
  const entry = options.fromSource ? "server/index.ts" : "scripts/start.ts";
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", entry], {
    env: {
      ...process.env,
      ...(options.fromSource ? { STATIC_DIR: "/nonexistent/shopradar-test-static" } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Every test signs in from 127.0.0.1: budgets a hundred times the real ones, the hourly
      // verification codes per address included (the suite makes far more than 20 accounts).
      RATE_LIMIT_SCALE: "100",
      CODE_IP_HOURLY_LIMIT: "2000",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.logFile) appendFileSync(options.logFile, chunk);
  };
  child.stdout?.on("data", record);
  child.stderr?.on("data", record);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    await Promise.race([
      waitForHealth(url, 170_000),
      exited.then((code) => Promise.reject(new Error(`server exited with ${code}:\n${output}`))),
    ]);
    // A fresh dataset's rank lists are filled into the rank tables by a refresh right after start
    // (the engine answers until then): tests start once they are published, as a user who opens
    // the app a little later would find them.
    if (options.env?.RANK_REFRESH !== "false")
      await Promise.race([
        waitForListsPublished(url, 170_000),
        exited.then((code) => Promise.reject(new Error(`server exited with ${code}:\n${output}`))),
      ]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      return exited;
    },
  };
}
