// A throwaway PostgreSQL cluster of its own (initdb in a temporary folder, pg_ctl on a free
// port) for tests and benches that stop and restart PostgreSQL: the machine's shared server
// must never be stopped. Runs the Debian binaries as the `postgres` OS user when this process
// is root (initdb refuses root). destroy() stops it at once and removes the folder.
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../../scripts/free-port";

const run = promisify(execFile);

/** The newest Debian PostgreSQL's binaries (/usr/lib/postgresql/<major>/bin). */
function binDir(): string {
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("No PostgreSQL binaries under /usr/lib/postgresql (Debian's postgresql package)");
  return path.join(root, newest, "bin");
}

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust authentication). */
  readonly url: string;
  readonly port: number;
  /** pg_ctl stop: fast ends sessions and checkpoints; immediate is a crash. */
  stop: (mode?: "fast" | "immediate") => Promise<void>;
  /** Starts it again on the same port and folder; resolves once it accepts connections. */
  start: () => Promise<void>;
  destroy: () => Promise<void>;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), "shopradar-pg-"));
  const asRoot = process.getuid?.() === 0;
  const pgTool = async (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
    await run(file, argv, { timeout: 120_000 });
  };
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  await pgTool("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  // Sockets in the cluster's folder (not /var/run/postgresql), TCP on loopback only.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () =>
    pgTool("pg_ctl", ["start", "-D", data, "-w", "-t", "60", "-l", path.join(dir, "log"), "-o", options]);
  const stop = (mode: "fast" | "immediate" = "fast") => pgTool("pg_ctl", ["stop", "-D", data, "-w", "-m", mode]);
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await stop("immediate").catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
