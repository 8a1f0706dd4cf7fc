// The manifest files of a build: one per UI language (src/app/manifest.ts) with its words from
// that language's PO catalog (read as the server reads them, server/lib/translations.ts), and
// the screenshots the build captured of the app in that language (their pixel sizes read from
// the PNGs themselves). The vite
// build emits them without screenshots; scripts/app-screenshots.ts rewrites them once captured.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LOCALES, type Locale } from "../contract/locales.ts";
import {
  manifestFor,
  SCREENSHOT_SHOTS,
  screenshotSrc,
  english,
  type CapturedScreenshot,
  type WebManifest,
} from "../src/app/manifest.ts";
import { manifestHref } from "../src/features/pwa/manifest-files.ts";
import { loadTranslator } from "../server/lib/translations.ts";

const ROOT = new URL("..", import.meta.url).pathname;

export interface ManifestFile {
  /** Relative to the build's output directory, e.g. manifest-zh.webmanifest. */
  fileName: string;
  manifest: WebManifest;
}

/** Each language's captured screenshots (none before the screenshot step). */
export type ScreenshotsOf = (locale: Locale) => readonly CapturedScreenshot[];

/** Every language's manifest: English from the messages themselves, the others from
 *  locales/<locale>/messages.po (a message without a translation stays English). */
export async function manifestFiles(
  screenshotsOf: ScreenshotsOf = () => [],
  localesDir = join(ROOT, "locales"),
): Promise<ManifestFile[]> {
  const translator = await loadTranslator(localesDir);
  return LOCALES.map((locale) => ({
    fileName: manifestHref(locale).slice(1),
    manifest: manifestFor(
      locale,
      locale === "en" ? english : (descriptor) => translator.format(locale, descriptor),
      screenshotsOf(locale),
    ),
  }));
}

/** A manifest file's content, the same whether the vite build or the screenshot step writes it. */
export const manifestSource = (manifest: WebManifest): string => `${JSON.stringify(manifest)}\n`;

/** Width and height of a PNG, from its IHDR chunk. */
export function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  if (bytes.toString("latin1", 1, 4) !== "PNG" || bytes.toString("latin1", 12, 16) !== "IHDR")
    throw new Error(`${file} is not a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The screenshots of the app in `locale` whose files exist under distDir, with their real sizes. */
export function capturedScreenshots(distDir: string, locale: Locale): CapturedScreenshot[] {
  return SCREENSHOT_SHOTS.flatMap((shot) => {
    const src = screenshotSrc(shot, locale);
    const file = join(distDir, src);
    return existsSync(file) ? [{ shot, src, ...pngSize(file) }] : [];
  });
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/**
 * Rewrites every manifest under distDir with its language's screenshots found there. The English one is
 * in the service worker's precache (vite-plugin-pwa lists it with the MD5 of its content), so
 * its revision in sw.js follows the new content. Returns the screenshots listed (every language's).
 */
export async function writeManifests(distDir: string): Promise<CapturedScreenshot[]> {
  const captured = new Map(LOCALES.map((locale) => [locale, capturedScreenshots(distDir, locale)]));
  for (const { fileName, manifest } of await manifestFiles((locale) => captured.get(locale) ?? [])) {
    const file = join(distDir, fileName);
    const previous = existsSync(file) ? readFileSync(file, "utf8") : null;
    const next = manifestSource(manifest);
    writeFileSync(file, next);
    if (previous !== null && previous !== next) syncPrecacheRevision(distDir, md5(previous), md5(next));
  }
  return [...captured.values()].flat();
}

/** Replaces a precached file's revision in sw.js (a file not in the precache has none there). */
function syncPrecacheRevision(distDir: string, before: string, after: string): void {
  const sw = join(distDir, "sw.js");
  if (!existsSync(sw)) return;
  const source = readFileSync(sw, "utf8");
  if (source.includes(before)) writeFileSync(sw, source.split(before).join(after));
}
