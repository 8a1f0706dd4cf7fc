// The web app manifest: install features (shortcuts, share target, display override, launch
// handler) and one manifest per UI language with its own name, the same app id in all.
import { describe, expect, test } from "vitest";
import { localeManifests, manifestFor, webManifest } from "../../../../src/app/manifest";
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
      params: { title: "title", text: "text", url: "url" },
    });
    expect(resolvePath("/share-target")).toMatchObject({ kind: "page", name: "shareTarget" });
  });

  test("one manifest per other language, translated, same id", () => {
    const files = localeManifests();
    expect(files.map((file) => file.fileName).sort()).toEqual([
      "manifest-id.webmanifest",
      "manifest-th.webmanifest",
      "manifest-vi.webmanifest",
      "manifest-zh.webmanifest",
    ]);
    for (const { manifest } of files) {
      expect(manifest.id).toBe(webManifest.id);
      expect(manifest.name).not.toBe(webManifest.name);
      expect(manifest.description).not.toBe(webManifest.description);
      expect(manifest.shortcuts[0].name).not.toBe("Search");
    }
    expect(manifestFor("zh")).toMatchObject({ lang: "zh", name: "ShopRadar - 短视频电商数据分析" });
  });

  test("the manifest link follows the language", () => {
    document.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest">';
    setManifestLink("vi");
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute("href")).toBe("/manifest-vi.webmanifest");
    setManifestLink("en");
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute("href")).toBe(manifestHref("en"));
  });
});
