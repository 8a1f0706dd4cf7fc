// Compiles the server (server/**/*.ts) to plain JavaScript in an output directory
// (`node scripts/build-server.mjs dist-server`), one .js file per source module under
// <out>/server/, packages left as imports, and copies the server's other files (migrations,
// word lists, CSVs) next to them so `new URL(..., import.meta.url)` finds them. `npm start`
// runs the result with plain Node: no TypeScript loader in the server process (about 60 MB
// resident and the per-start transform). Called by scripts/build-state.ts, in a process of its
// own so the bundler never stays in the server's memory.
// Last, it makes the clean, migrated cluster of the embedded database a fresh DATA_DIR starts
// from (<out>/pglite-cluster, server/db/pglite-cluster.ts).
import { cpSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "rolldown";

const ROOT = new URL("..", import.meta.url).pathname;
const outDir = resolve(ROOT, process.argv[2] ?? "dist-server");

rmSync(outDir, { recursive: true, force: true });
await build({
  input: { "server/index": join(ROOT, "server/index.ts") },
  platform: "node",
  // Only our own modules are compiled; every package is imported from node_modules as usual.
  external: (id) => !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("\0"),
  output: { dir: outDir, format: "esm", preserveModules: true, preserveModulesRoot: ROOT, entryFileNames: "[name].js" },
  logLevel: "warn",
});
cpSync(join(ROOT, "server"), join(outDir, "server"), {
  recursive: true,
  filter: (source) => !source.endsWith(".ts"),
});

// The clean cluster a fresh DATA_DIR gets as a copy (server/db/pglite-cluster.ts): initdb and
// every migration once here rather than on every first start.
// The server's own open does both (no template exists yet, so it runs initdb), in a scratch
// DATA_DIR whose cluster then becomes the template.
const { openDatabase } = await import(join(outDir, "server/db/client.js"));
const scratch = join(outDir, "pglite-cluster-build");
const database = await openDatabase({ dataDir: scratch, databaseUrl: null });
await database.close();
renameSync(join(scratch, "pglite"), join(outDir, "pglite-cluster"));
rmSync(scratch, { recursive: true, force: true });
