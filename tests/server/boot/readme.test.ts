// The README's environment table is the one generated from server/config.ts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withConfigTable } from "../../../scripts/config-table";

describe("README", () => {
  it("documents every environment variable exactly as server/config.ts parses them", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(readme, "run: npx tsx scripts/config-table.ts").toBe(withConfigTable(readme));
  });
  it("gives the two set-up commands", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toContain("npm test");
  });
});
