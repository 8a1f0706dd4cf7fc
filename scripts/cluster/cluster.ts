// The cluster `npm run cluster` starts, and the cluster e2e test and bench drive: N server
// processes (the compiled server, built once here so the instances never rebuild in parallel)
// on free loopback ports and one PostgreSQL (DATABASE_URL), and Debian's nginx in front of them
// (config: nginx-config.ts). Each process's output goes to a log file in the cluster's temp dir
// (and to this process's stdout, prefixed, when asked). stop() ends nginx, then the instances.
import { spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  closeSync,
  createWriteStream,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureStartBuilds, SERVER_ENTRY, SERVER_NODE_FLAGS } from "../build-state";
import { findNginx, nginxConfig } from "./nginx-config";
import { freePort } from "../free-port";

export interface ClusterOptions {
  /** How many server processes (at least 1). */
  instances: number;
  /** Where nginx listens. */
  host?: string;
  port: number;
  /** Environment of every instance on top of this process's; DATABASE_URL is required. */
  env?: Record<string, string | undefined>;
  /** Also copy every process's output to stdout, each line prefixed with its name. */
  echo?: boolean;
  /** How long an instance may take to answer /healthz. */
  startTimeoutMs?: number;
}

export interface Instance {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  readonly process: ChildProcess;
  /** Everything the instance printed so far. */
  output: () => string;
  /** SIGTERM (a clean shutdown) or SIGKILL; resolves with the exit code or signal once it exited. */
  stop: (signal?: NodeJS.Signals) => Promise<number | NodeJS.Signals | null>;
}

export interface Cluster {
  /** nginx's address: what clients use. */
  readonly url: string;
  readonly instances: readonly Instance[];
  /** The temp dir with nginx.conf, the logs and nginx's temp paths. */
  readonly dir: string;
  /** Stops nginx, then every instance still running (SIGTERM), and removes the temp dir. */
  stop: () => Promise<void>;
}

const ROOT = new URL("../..", import.meta.url).pathname;

export class ClusterError extends Error {}

/** Resolves once `url` answers 200; rejects when `exited` settles first or the time is up. */
export async function waitUntilAnswering(url: string, timeoutMs: number, exited?: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const why = exited?.();
    if (why) throw new ClusterError(why);
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new ClusterError(`${url} did not answer within ${timeoutMs} ms`);
}

interface Spawned {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | NodeJS.Signals | null>;
}

/** Spawns a process whose output goes to `logFile` (and to stdout with a prefix when echo). */
function spawnLogged(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  echoPrefix: string | null,
): Spawned {
  let child: ChildProcess;
  if (echoPrefix === null) {
    const fd = openSync(logFile, "a");
    child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", fd, fd] });
    closeSync(fd);
  } else {
    const log = createWriteStream(logFile, { flags: "a" });
    child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    const copy = (chunk: Buffer) => {
      log.write(chunk);
      const lines = chunk.toString().replace(/\n$/, "").split("\n");
      process.stdout.write(lines.map((line) => `${echoPrefix} ${line}\n`).join(""));
    };
    child.stdout?.on("data", copy);
    child.stderr?.on("data", copy);
    child.once("exit", () => log.end());
  }
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  return { process: child, output: () => readLog(logFile), exited };
}

function startInstance(index: number, dir: string, options: ClusterOptions, port: number): Instance {
  const name = `instance-${index + 1}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // nginx on this machine is the only proxy in front; X-Forwarded-For comes from it.
    TRUST_PROXY: "127.0.0.1",
    ...options.env,
    PORT: String(port),
    HOST: "127.0.0.1",
  };
  const spawned = spawnLogged(
    process.execPath,
    [...SERVER_NODE_FLAGS, SERVER_ENTRY],
    env,
    join(dir, `${name}.log`),
    options.echo ? `[${name}]` : null,
  );
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    process: spawned.process,
    output: spawned.output,
    async stop(signal = "SIGTERM") {
      if (spawned.process.exitCode === null && spawned.process.signalCode === null) spawned.process.kill(signal);
      return spawned.exited;
    },
  };
}

function startNginx(binary: string, dir: string, echo: boolean): Spawned {
  // nginx -e: where errors go before the config's error_log is read.
  return spawnLogged(
    binary,
    ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")],
    process.env,
    join(dir, "nginx.log"),
    echo ? "[nginx]" : null,
  );
}

const exitNote = (what: string, spawned: { process: ChildProcess; output: () => string }) => () => {
  const { exitCode, signalCode } = spawned.process;
  if (exitCode === null && signalCode === null) return null;
  return `${what} exited (${exitCode ?? signalCode}):\n${spawned.output().slice(-4000)}`;
};

/** Builds if needed, starts the instances and nginx, and resolves once nginx answers /healthz. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const databaseUrl = options.env?.DATABASE_URL ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    throw new ClusterError("DATABASE_URL is not set: the instances of a cluster share one PostgreSQL database");
  }
  const nginx = findNginx();
  if (!nginx) throw new ClusterError("nginx not found at /usr/sbin/nginx: install Debian's nginx package");
  if (!Number.isInteger(options.instances) || options.instances < 1) {
    throw new ClusterError(`instances must be a whole number of at least 1 (got ${options.instances})`);
  }
  ensureStartBuilds();

  const dir = mkdtempSync(join(tmpdir(), "shopradar-cluster-"));
  const asRoot = process.getuid?.() === 0;
  // nginx's workers run as nobody when started by root: they need to reach their temp paths.
  if (asRoot) chmodSync(dir, 0o755);
  const host = options.host ?? "127.0.0.1";
  const timeout = options.startTimeoutMs ?? 170_000;
  const ports: number[] = [];
  while (ports.length < options.instances) {
    const port = await freePort();
    if (!ports.includes(port) && port !== options.port) ports.push(port);
  }

  const instances = ports.map((port, index) =>
    startInstance(index, dir, { ...options, env: { ...options.env, DATABASE_URL: databaseUrl } }, port),
  );
  let proxy: Spawned | null = null;
  const stop = async () => {
    if (proxy && proxy.process.exitCode === null && proxy.process.signalCode === null) {
      proxy.process.kill("SIGQUIT");
      await proxy.exited;
    }
    await Promise.all(instances.map((instance) => instance.stop("SIGTERM")));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(
      instances.map((instance) =>
        waitUntilAnswering(`${instance.url}/healthz`, timeout, exitNote(instance.name, instance)),
      ),
    );
    writeFileSync(
      join(dir, "nginx.conf"),
      nginxConfig({ dir, host, port: options.port, upstreamPorts: ports, asRoot }),
    );
    proxy = startNginx(nginx, dir, options.echo ?? false);
    const url = `http://${host.includes(":") ? `[${host}]` : host}:${options.port}`;
    const nginxLog = { process: proxy.process, output: () => readLog(join(dir, "error.log")) };
    await waitUntilAnswering(`${url}/healthz`, 15_000, exitNote("nginx", nginxLog));
    return { url, instances, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function readLog(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
