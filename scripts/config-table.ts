// Writes the README's table of environment variables from server/config.ts (the one place
// they are parsed), so the documentation cannot drift: `npx tsx scripts/config-table.ts`.
// tests/server/boot/readme.test.ts fails when the README's table differs from this output.
import { readFileSync, writeFileSync } from "node:fs";
import { configTable } from "../server/config";

export const START = "<!-- config-table:start -->";
export const END = "<!-- config-table:end -->";

export function configTableMarkdown(): string {
  const escape = (text: string) => text.replace(/\|/g, "\\|");
  const rows = configTable.map(
    ({ name, default: value, description }) =>
      `| \`${name}\` | ${value === undefined ? "(unset)" : `\`${escape(value)}\``} | ${escape(description)} |`,
  );
  return ["| Variable | Default | Meaning |", "|---|---|---|", ...rows].join("\n");
}

export function withConfigTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) throw new Error("README.md has no config-table markers");
  return `${readme.slice(0, start + START.length)}\n${configTableMarkdown()}\n${readme.slice(end)}`;
}

if (process.argv[1]?.endsWith("config-table.ts")) {
  writeFileSync("README.md", withConfigTable(readFileSync("README.md", "utf8")));
}
