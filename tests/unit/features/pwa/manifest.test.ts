// The web app manifest: install features (shortcuts, share target, display override, launch
// handler), the screenshots' shapes Chromium accepts, and the link following the UI language.
// The per-language files and the captured screenshots: tests/unit/scripts/manifests.test.ts.
import { describe, expect, test } from "vitest";
import { LOCALES } from "../../../../contract/locales";
import { SCREENSHOT_SHOTS, screenshotSrc, webManifest } from "../../../../src/app/manifest";
import { manifestHref } from "../../../../src/features/pwa/manifest-files";
import { setManifestLink } from "../../../../src/features/pwa/manifest-link";
import { resolvePath } from "../../../../src/routing/resolve";

describe("manifest", () => {
  test("has shortcuts to real pages, categories, display override, launch handler and a GET share target", () => {
    expect(webManifest.shortcuts.map((shortcut) => shortcut.name)).toEqual([
      "Search",
      "Lists",
      "Favourites",
      "Monitor",
    ]);
    for (const shortcut of webManifest.shortcuts) {
      expect(resolvePath(new URL(shortcut.url, "https://x").pathname).kind, shortcut.url).toBe("page");
      expect(shortcut.icons[0].src).toMatch(/^\/icons\//);
    }
    expect(webManifest.categories).toEqual(["business", "productivity"]);
    expect(webManifest.display_override).toEqual(["window-controls-overlay", "standalone"]);
    expect(webManifest.launch_handler.client_mode).toBe("navigate-existing");
    expect(webManifest.share_target).toEqual({
      action: "/share-target",
      method: "GET",
      enctype: "application/x-www-form-urlencoded",
      params: { title: "title", text: "text", url: "url" },
    });
    expect(resolvePath("/share-target")).toMatchObject({ kind: "page", name: "shareTarget" });
  });

  test("the English manifest speaks the messages themselves and lists no screenshot before capture", () => {
    expect(webManifest.name).toBe("ShopRadar - short-video e-commerce analytics");
    expect("screenshots" in webManifest).toBe(false);
  });

  test("screenshots: narrow and wide, each of a real page, one file per shot and language", () => {
    expect(new Set(SCREENSHOT_SHOTS.map((shot) => shot.formFactor))).toEqual(new Set(["narrow", "wide"]));
    const files = LOCALES.flatMap((locale) => SCREENSHOT_SHOTS.map((shot) => screenshotSrc(shot, locale)));
    expect(new Set(files).size).toBe(LOCALES.length * SCREENSHOT_SHOTS.length);
    for (const shot of SCREENSHOT_SHOTS) {
      expect(resolvePath(shot.path).kind, shot.path).toBe("page");
      expect(screenshotSrc(shot, "th")).toMatch(/^\/screenshots\/th\/[\w-]+\.png$/);
    }
  });

  test("the manifest link follows the language", () => {
    document.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest">';
    setManifestLink("vi");
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute("href")).toBe("/manifest-vi.webmanifest");
    setManifestLink("en");
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute("href")).toBe(manifestHref("en"));
  });
});
