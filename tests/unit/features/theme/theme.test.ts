// The colour theme: index.html's script (run here as on a page load) and src/features/theme/theme.ts.
// The saved choice survives a reload, "System" follows the device live, the theme-color metas
// carry the palette's colours per scheme, and those colours are the ones shell.css and the
// manifest use.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { THEME_COLOR, webManifest } from "../../../../src/app/manifest";
import { chooseTheme, colorScheme, subscribeColorScheme, themeChoice } from "../../../../src/features/theme/theme";
import { loadPage, setSystemDark, THEME_METAS, THEME_SCRIPT, themeColors } from "./theme-page";

const LIGHT = { light: "#d0183e", dark: "#1e2025" };

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe("before any choice (System)", () => {
  test("a light device gets the light scheme; each meta keeps its own scheme's colour", () => {
    loadPage();
    expect(themeChoice()).toBe("system");
    expect(colorScheme()).toBe("light");
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(themeColors()).toEqual(LIGHT);
  });

  test("a dark device gets the dark scheme", () => {
    loadPage({ systemDark: true });
    expect(colorScheme()).toBe("dark");
  });

  test("follows the device when it switches while the page is open", () => {
    loadPage();
    setSystemDark(true);
    expect(colorScheme()).toBe("dark");
    setSystemDark(false);
    expect(colorScheme()).toBe("light");
  });
});

describe("a choice on Me", () => {
  test("Light on a dark device: light at once, both metas light, kept after a reload", () => {
    loadPage({ systemDark: true });
    chooseTheme("light");
    expect(colorScheme()).toBe("light");
    expect(themeColors()).toEqual({ light: "#d0183e", dark: "#d0183e" });
    loadPage({ systemDark: true });
    expect(themeChoice()).toBe("light");
    expect(colorScheme()).toBe("light");
    expect(themeColors()).toEqual({ light: "#d0183e", dark: "#d0183e" });
  });

  test("Dark on a light device ignores the device's later switches", () => {
    loadPage();
    chooseTheme("dark");
    expect(colorScheme()).toBe("dark");
    expect(themeColors()).toEqual({ light: "#1e2025", dark: "#1e2025" });
    setSystemDark(false);
    expect(colorScheme()).toBe("dark");
  });

  test("System again forgets the choice and restores the per-scheme metas", () => {
    loadPage({ systemDark: true });
    chooseTheme("light");
    chooseTheme("system");
    expect(localStorage.getItem("shopradar-theme")).toBeNull();
    expect(themeChoice()).toBe("system");
    expect(colorScheme()).toBe("dark");
    expect(themeColors()).toEqual(LIGHT);
  });

  test("a broken saved value counts as System", () => {
    localStorage.setItem("shopradar-theme", "purple");
    loadPage({ systemDark: true });
    expect(themeChoice()).toBe("system");
    expect(colorScheme()).toBe("dark");
  });

  test("storage refused (private mode): the choice still applies to the open page", () => {
    loadPage();
    vi.spyOn(localStorage, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    chooseTheme("dark");
    vi.restoreAllMocks();
    expect(themeChoice()).toBe("dark");
    expect(colorScheme()).toBe("dark");
    loadPage();
    expect(colorScheme()).toBe("light");
  });
});

test("listeners hear every change of the scheme in effect", async () => {
  loadPage();
  const heard = vi.fn();
  const stop = subscribeColorScheme(heard);
  chooseTheme("dark");
  await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
  stop();
  chooseTheme("light");
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(heard).toHaveBeenCalledTimes(1);
});

test("the theme colours are the palette's: light --brand, dark --surface, in the metas, script and manifest", () => {
  const css = readFileSync("src/app/shell.css", "utf8");
  const variable = (block: RegExp, name: string) =>
    new RegExp(`${name}:\\s*(#[0-9a-f]{6})`).exec(block.exec(css)![1])![1];
  const light = variable(/^:root \{([^}]*)\}/m, "--brand");
  const dark = variable(/^:root\[data-theme="dark"\] \{([^}]*)\}/m, "--surface");
  expect({ light, dark }).toEqual(LIGHT);
  expect(THEME_METAS.join("")).toContain(`content="${light}"`);
  expect(THEME_METAS.join("")).toContain(`content="${dark}"`);
  expect(THEME_SCRIPT).toContain(`light: "${light}", dark: "${dark}"`);
  expect(THEME_COLOR).toBe(light);
  expect(webManifest.background_color).toBe(variable(/^:root \{([^}]*)\}/m, "--background"));
});
