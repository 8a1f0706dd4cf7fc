// Knows whether dist/ is the build of the current sources: a hash of every build input is
// written next to the build, and a missing or different hash means the build is stale.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { spawnSync } from "node:child_process";

const ROOT = new URL("..", import.meta.url).pathname;
const INPUTS = ["src", "sw", "public", "locales", "index.html", "vite.config.ts", "lingui.config.ts", "package-lock.json", "tsconfig.json"];
const STAMP = ".build-hash";

function listFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => listFiles(join(path, name)));
}

export function sourceHash(): string {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap((input) => listFiles(join(ROOT, input)))) {
    hash.update(relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

export function isBuildCurrent(distDir: string): boolean {
  const stamp = join(distDir, STAMP);
  return existsSync(join(distDir, "index.html")) && existsSync(stamp) && readFileSync(stamp, "utf8") === sourceHash();
}

/** Builds the PWA into distDir unless it already holds the build of the current sources. */
export function ensureBuild(distDir: string): void {
  if (isBuildCurrent(distDir)) return;
  console.log("Building the app (missing or stale build)...");
  // NODE_ENV is forced: when a test runner (NODE_ENV=test) asks for the build, React's
  // development runtime must still stay out of the production bundle.
  const result = spawnSync("npx", ["vite", "build", "--outDir", distDir, "--emptyOutDir"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status}`);
  writeFileSync(join(distDir, STAMP), sourceHash());
}
