// @vitest-environment node
// The build's manifest files (scripts/manifests.ts): every language's words come from its PO
// catalog, `screenshots` lists only that language's PNGs that exist, with their real sizes, and the English
// manifest's revision in the service worker's precache follows its rewritten content.
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../contract/locales";
import { MANIFEST_MESSAGES, SCREENSHOT_SHOTS, screenshotSrc, webManifest } from "../../../src/app/manifest";
import {
  capturedScreenshots,
  manifestFiles,
  manifestSource,
  pngSize,
  writeManifests,
} from "../../../scripts/manifests";
import { readCatalog } from "../../../server/lib/translations";

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** A build output as `vite build` leaves it: the manifests and a worker precaching the English one. */
async function fakeBuild(): Promise<string> {
  const dist = mkdtempSync(join(tmpdir(), "manifests-test-"));
  for (const { fileName, manifest } of await manifestFiles())
    writeFileSync(join(dist, fileName), manifestSource(manifest));
  const revision = md5(manifestSource(webManifest));
  writeFileSync(join(dist, "sw.js"), `precache([{"revision":"${revision}","url":"manifest.webmanifest"}]);`);
  return dist;
}

/** Puts a real PNG (one of the app's icons) where a shot's file goes. */
function placeShot(dist: string, src: string, icon: string): void {
  mkdirSync(dirname(join(dist, src)), { recursive: true });
  copyFileSync(join("public/icons", icon), join(dist, src));
}

const readManifest = (dist: string, fileName: string) => JSON.parse(readFileSync(join(dist, fileName), "utf8"));

describe("manifest files", () => {
  it("one per language, the same app, with name, description and shortcuts from the catalogs", async () => {
    const files = await manifestFiles();
    expect(files.map((file) => file.fileName).sort()).toEqual([
      "manifest-id.webmanifest",
      "manifest-th.webmanifest",
      "manifest-vi.webmanifest",
      "manifest-zh.webmanifest",
      "manifest.webmanifest",
    ]);
    expect(files.find((file) => file.manifest.lang === "en")?.manifest).toEqual(webManifest);
    for (const locale of LOCALES.filter((locale) => locale !== "en")) {
      const { manifest } = files.find((file) => file.manifest.lang === locale)!;
      const catalog = await readCatalog(`locales/${locale}/messages.po`, locale);
      expect(manifest.id).toBe(webManifest.id);
      expect(manifest.name).toBe(catalog[MANIFEST_MESSAGES.name.id]);
      expect(manifest.description).toBe(catalog[MANIFEST_MESSAGES.description.id]);
      expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(
        [
          MANIFEST_MESSAGES.search,
          MANIFEST_MESSAGES.lists,
          MANIFEST_MESSAGES.favourites,
          MANIFEST_MESSAGES.monitor,
        ].map((descriptor) => catalog[descriptor.id]),
      );
      expect(manifest.name).not.toBe(webManifest.name);
      expect(manifest.shortcuts[0].name).not.toBe("Search");
    }
    expect(files.find((file) => file.manifest.lang === "zh")?.manifest.name).toBe("ShopRadar - 短视频电商数据分析");
  });

  it("the English catalog says what the messages say (English manifests use the messages)", async () => {
    const catalog = await readCatalog("locales/en/messages.po", "en");
    for (const descriptor of Object.values(MANIFEST_MESSAGES)) expect(catalog[descriptor.id]).toBe(descriptor.message);
  });

  it("keeps a word English when its catalog lacks the translation", async () => {
    const locales = mkdtempSync(join(tmpdir(), "manifests-locales-"));
    mkdirSync(join(locales, "vi"));
    writeFileSync(
      join(locales, "vi", "messages.po"),
      `msgid ""\nmsgstr ""\n"Language: vi\\n"\n\n#. js-lingui-explicit-id\nmsgid "manifest.shortcut.search"\nmsgstr "Tìm kiếm"\n`,
    );
    const vi = (await manifestFiles(() => [], locales)).find((file) => file.manifest.lang === "vi")!.manifest;
    expect(vi.shortcuts.map((shortcut) => shortcut.name)).toEqual(["Tìm kiếm", "Lists", "Favourites", "Monitor"]);
    expect(vi.name).toBe(webManifest.name);
  });
});

describe("screenshots in the manifests", () => {
  it("reads a PNG's size from the file and refuses anything else", () => {
    expect(pngSize("public/icons/icon-192.png")).toEqual({ width: 192, height: 192 });
    expect(pngSize("public/icons/icon-512.png")).toEqual({ width: 512, height: 512 });
    expect(() => pngSize("package.json")).toThrow(/not a PNG/);
  });

  it("without captured files, no manifest gets a screenshots key and the worker is untouched", async () => {
    const dist = await fakeBuild();
    const sw = readFileSync(join(dist, "sw.js"), "utf8");
    expect(await writeManifests(dist)).toEqual([]);
    for (const { fileName } of await manifestFiles())
      expect(readManifest(dist, fileName)).not.toHaveProperty("screenshots");
    expect(readFileSync(join(dist, "sw.js"), "utf8")).toBe(sw);
  });

  it("lists exactly each language's files that exist, with their real sizes, translated labels, and resyncs the precache", async () => {
    const dist = await fakeBuild();
    const [narrow, wide] = [
      SCREENSHOT_SHOTS.find((shot) => shot.formFactor === "narrow")!,
      SCREENSHOT_SHOTS.find((shot) => shot.formFactor === "wide")!,
    ];
    for (const locale of ["en", "th"] as const) {
      placeShot(dist, screenshotSrc(narrow, locale), "icon-192.png");
      placeShot(dist, screenshotSrc(wide, locale), "icon-512.png");
    }
    placeShot(dist, screenshotSrc(narrow, "vi"), "icon-192.png");
    expect(capturedScreenshots(dist, "en").map(({ src }) => src)).toEqual([
      "/screenshots/en/" + narrow.name + ".png",
      "/screenshots/en/" + wide.name + ".png",
    ]);

    expect(await writeManifests(dist)).toHaveLength(5);
    const english = readManifest(dist, "manifest.webmanifest");
    expect(english.screenshots).toEqual([
      {
        src: screenshotSrc(narrow, "en"),
        sizes: "192x192",
        type: "image/png",
        form_factor: "narrow",
        label: narrow.label.message,
      },
      {
        src: screenshotSrc(wide, "en"),
        sizes: "512x512",
        type: "image/png",
        form_factor: "wide",
        label: wide.label.message,
      },
    ]);
    // The Thai manifest shows the app photographed in Thai, labelled from the Thai catalog.
    const thai = readManifest(dist, "manifest-th.webmanifest");
    const catalog = await readCatalog("locales/th/messages.po", "th");
    expect(thai.screenshots.map((entry: { src: string; label: string }) => [entry.src, entry.label])).toEqual([
      [screenshotSrc(narrow, "th"), catalog[narrow.label.id]],
      [screenshotSrc(wide, "th"), catalog[wide.label.id]],
    ]);
    expect(
      readManifest(dist, "manifest-vi.webmanifest").screenshots.map((entry: { src: string }) => entry.src),
    ).toEqual([screenshotSrc(narrow, "vi")]);
    expect(readManifest(dist, "manifest-zh.webmanifest")).not.toHaveProperty("screenshots");
    const newRevision = md5(readFileSync(join(dist, "manifest.webmanifest"), "utf8"));
    expect(readFileSync(join(dist, "sw.js"), "utf8")).toBe(
      `precache([{"revision":"${newRevision}","url":"manifest.webmanifest"}]);`,
    );
  });
});
