// The layout check (.dependency-cruiser.cjs, run on the real tree by `npm run layout`) catches
// each kind of breach: it runs on a small fixture tree with one breach per rule, plus allowed
// imports (a module through another's index.ts, a cycle closed by a lazy page loader), and must
// report exactly the breaches.
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const fixtures = join(import.meta.dirname, "fixtures");

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

async function violationsIn(folders: string[]): Promise<string[]> {
  const cli = join(root, "node_modules/.bin/depcruise");
  const args = [...folders, "--config", join(root, ".dependency-cruiser.cjs"), "--output-type", "json"];
  // depcruise exits non-zero when it finds violations; the JSON is printed either way.
  const output = await promisify(execFile)(cli, args, { cwd: fixtures }).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? "",
  }));
  const result = JSON.parse(output.stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe("layout rules", () => {
  it("report every breach in the fixture tree, and nothing that is allowed", async () => {
    expect(await violationsIn(["contract", "src", "sw", "server"])).toEqual([
      "contract-is-self-contained: contract/leak.ts -> src/routing/paths.ts",
      "modules-meet-through-index: server/modules/catalog/index.ts -> server/modules/accounts/sessions.ts",
      "no-static-cycles: src/lib/ping.ts -> src/lib/pong.ts",
      "routes-table-only-for-the-router: src/components/Footer.tsx -> src/routing/routes.ts",
      "server-does-not-import-the-app: server/modules/catalog/index.ts -> src/routing/paths.ts",
      "shared-code-does-not-import-pages: src/components/Banner.tsx -> src/pages/tab/HomePage.tsx",
      "sw-imports-contract-and-workbox-only: sw/sw.ts -> src/lib/ping.ts",
    ]);
  }, 60_000);

  it("fail a component that imports src/routing/routes.ts", async () => {
    const found = await violationsIn(["src/components/Footer.tsx"]);
    expect(found).toContain("routes-table-only-for-the-router: src/components/Footer.tsx -> src/routing/routes.ts");
  }, 60_000);
});
