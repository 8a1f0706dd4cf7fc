// CI guard: fails when `lingui extract` would change the PO catalogs (a string added or
// removed without updating locales/), and when any message lacks a translation. The catalogs
// are restored afterwards, so running it locally changes nothing.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

const LOCALES_DIR = "locales";
const backup = mkdtempSync(join(tmpdir(), "catalogs-"));
cpSync(LOCALES_DIR, backup, { recursive: true });

const read = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir).map((locale) => [locale, readFileSync(join(dir, locale, "messages.po"), "utf8")]),
  );

const before = read(LOCALES_DIR);
const extract = spawnSync("npx", ["lingui", "extract", "--clean"], { encoding: "utf8" });
const after = read(LOCALES_DIR);
cpSync(backup, LOCALES_DIR, { recursive: true });
rmSync(backup, { recursive: true, force: true });

if (extract.status !== 0) {
  console.error(extract.stdout, extract.stderr);
  throw new Error("lingui extract failed");
}
const changed = Object.keys(after).filter((locale) => after[locale] !== before[locale]);
if (changed.length > 0) {
  console.error(
    `lingui extract would change the catalogs of: ${changed.join(", ")}. Run npm run i18n:extract and translate.`,
  );
  process.exit(1);
}
const untranslated = Object.entries(before).flatMap(([locale, po]) =>
  [...po.matchAll(/msgid "((?:[^"\\]|\\.)+)"\nmsgstr ""\n(?!")/g)].map((m) => `${locale}: ${m[1]}`),
);
if (untranslated.length > 0) {
  console.error(`Untranslated messages:\n${untranslated.join("\n")}`);
  process.exit(1);
}
console.log(`Catalogs up to date: ${Object.keys(before).join(", ")}`);
