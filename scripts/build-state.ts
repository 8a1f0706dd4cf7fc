// Knows whether dist/ (the PWA) and dist-server/ (the compiled server) are the builds of the
// current sources: a hash of every build input is written next to each build, and a missing
// or different hash means the build is stale. Run directly (`node --import tsx
// scripts/build-state.ts`), it brings both up to date: that is what `npm start` does first.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = new URL("..", import.meta.url).pathname;
const INPUTS = [
  "src",
  "sw",
  "contract",
  "public",
  "locales",
  "index.html",
  "vite.config.ts",
  "scripts/catalog-subsets.ts",
  "scripts/home-chunks.ts",
  "scripts/manifests.ts",
  "scripts/app-screenshots.ts",
  "lingui.config.ts",
  "package-lock.json",
  "tsconfig.json",
];
const SERVER_INPUTS = ["server", "contract", "scripts/build-server.mjs", "package-lock.json", "tsconfig.json"];
const STAMP = ".build-hash";
/**
 * V8 heap settings of the server process: `npm start` passes them on its command line
 * (package.json), and so do the API bench and the e2e server. A 4 MB young generation
 * semi-space (default 16 MB) keeps resident memory lower for a few percent of throughput. The
 * old generation grows as V8 decides: a fixed 20 % growth (`--heap-growing-percent=20`, kept
 * while the dataset lived in the process) made a full collection every half second under load
 * once it did not, costing cold rank lists ~30 % of the server's CPU and their p99
 * (docs/data-engine.md, "Server figures").
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"] as const;
/** Where `npm start` finds the compiled server (gitignored). */
export const SERVER_DIST = join(ROOT, "dist-server");
export const SERVER_ENTRY = join(SERVER_DIST, "server", "index.js");

function listFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => listFiles(join(path, name)));
}

function hashOf(inputs: readonly string[]): string {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap((input) => listFiles(join(ROOT, input)))) {
    hash.update(relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

export function sourceHash(): string {
  return hashOf(INPUTS);
}

function stampMatches(dir: string, hash: string): boolean {
  const stamp = join(dir, STAMP);
  return existsSync(stamp) && readFileSync(stamp, "utf8") === hash;
}

export function isBuildCurrent(distDir: string): boolean {
  return existsSync(join(distDir, "index.html")) && stampMatches(distDir, sourceHash());
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, what: string): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${what} failed with exit code ${result.status}`);
}

/** Builds the PWA into distDir unless it already holds the build of the current sources. */
export function ensureBuild(distDir: string): void {
  if (isBuildCurrent(distDir)) return;
  console.log("Building the app (missing or stale build)...");
  // NODE_ENV is forced: when a test runner (NODE_ENV=test) asks for the build, React's
  // development runtime must still stay out of the production bundle.
  run(
    "npx",
    ["vite", "build", "--outDir", distDir, "--emptyOutDir"],
    { ...process.env, NODE_ENV: "production" },
    "vite build",
  );
  // The manifests' screenshots, photographed from the app just built (skipped without Chromium).
  run(
    process.execPath,
    ["--import", "tsx", join(ROOT, "scripts/app-screenshots.ts"), distDir],
    process.env,
    "screenshots",
  );
  writeFileSync(join(distDir, STAMP), sourceHash());
}

/** Compiles the server into dist-server/ unless it already holds the current sources' build. */
export function ensureServerBuild(): void {
  const hash = hashOf(SERVER_INPUTS);
  if (existsSync(SERVER_ENTRY) && stampMatches(SERVER_DIST, hash)) return;
  console.log("Compiling the server (missing or stale build)...");
  run(process.execPath, [join(ROOT, "scripts/build-server.mjs"), SERVER_DIST], process.env, "server build");
  writeFileSync(join(SERVER_DIST, STAMP), hash);
}

/** Both builds `npm start` needs; the PWA goes to STATIC_DIR (default dist). */
export function ensureStartBuilds(): void {
  ensureBuild(resolve(process.env.STATIC_DIR ?? "dist"));
  ensureServerBuild();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureStartBuilds();
