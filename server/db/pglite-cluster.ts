// Creating the on-disk cluster of the embedded database (what initdb makes before the first
// migration). PGlite's initdb runs a second WebAssembly instance for ~5 s of one core; it runs
// in a short-lived child process, whose memory goes when it exits (done in the server process,
// a first start would keep ~450 MB more resident than a restart). `npm start`'s server build
// (scripts/build-server.mjs) runs it once into dist-server/pglite-cluster and applies every
// migration there (by opening it with client.ts): the clean cluster a fresh DATA_DIR then gets as a
// copy of its files, so a first start copies instead of running initdb and the migrations.
// Without that template (the server run from source, tests) initdb runs as before.
import { spawn } from "node:child_process";
import { cpSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The build's clean cluster: dist-server/pglite-cluster next to the compiled dist-server/server/. */
export const CLUSTER_TEMPLATE = fileURLToPath(new URL("../../pglite-cluster", import.meta.url));

/** Runs PGlite's initdb for a new cluster in `location` (an empty or missing folder). */
export async function initializeCluster(location: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `const { PGlite } = require(${JSON.stringify(entry)}); PGlite.create(process.argv[1]).then((c) => c.close());`;
  const child = spawn(process.execPath, ["-e", script, location], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => child.once("error", reject).once("exit", resolve));
  if (code !== 0) throw new Error(`initdb failed (exit ${code}): ${stderr.trim().slice(-500)}`);
}

/** A new cluster in `location`: a copy of `template` when it holds one, else initdb. */
export async function createCluster(location: string, template = CLUSTER_TEMPLATE): Promise<void> {
  if (existsSync(path.join(template, "PG_VERSION"))) cpSync(template, location, { recursive: true });
  else await initializeCluster(location);
}
