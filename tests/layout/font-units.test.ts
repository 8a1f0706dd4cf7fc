// Text scales with the browser's text-size setting (issue 18, low-vision users): every
// font-size in the app's stylesheets and the HTML's first-paint styles is in rem or em, never in
// px, which would pin it at one size whatever the reader chose.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? cssFiles(join(dir, entry.name)) : entry.name.endsWith(".css") ? [join(dir, entry.name)] : [],
  );
}

const PX_FONT_SIZE = /font-size:\s*[\d.]+px/g;

describe("font sizes", () => {
  const files = [...cssFiles("src"), "index.html"];

  it("finds the stylesheets", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files)("%s sizes text in rem or em", (file) => {
    expect(readFileSync(file, "utf8").match(PX_FONT_SIZE) ?? []).toEqual([]);
  });
});
