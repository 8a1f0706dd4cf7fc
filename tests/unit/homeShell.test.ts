// The home header index.html paints before any JavaScript (scripts/home-shell.ts): its texts
// are the catalogs' translations, its knowledge of the app matches the app, and the inline
// script picks the locale and market the way the app does, on the home paths only.
import { afterEach, describe, expect, it } from "vitest";
import { MARKETS } from "../../src/api/entities";
import { hrefFor, ROUTES } from "../../src/app/routes";
import { MARKET_NAMES } from "../../src/components/MarketSelect";
import { LOCALES } from "../../src/i18n/locales";
import { MARKET_STORAGE_KEY } from "../../src/state/rankDiscover";
import { HOME_SHELL_APP, HOME_SHELL_MESSAGES, shellScript, shellTexts } from "../../scripts/home-shell";
import { catalog } from "../e2e/fixtures";

const texts = await shellTexts();

function paint(path: string, { cookie, market }: { cookie?: string; market?: string } = {}): HTMLElement {
  history.replaceState(null, "", path);
  document.cookie = `responsive-locale=${cookie ?? ""}; path=/${cookie ? "" : "; max-age=0"}`;
  if (market) localStorage.setItem(MARKET_STORAGE_KEY, market);
  else localStorage.removeItem(MARKET_STORAGE_KEY);
  document.body.innerHTML = '<div id="root"></div>';
  new Function(shellScript(texts))();
  return document.getElementById("root")!;
}

afterEach(() => {
  history.replaceState(null, "", "/");
  localStorage.clear();
});

describe("home shell", () => {
  it("takes every text from the catalogs, in all five languages", () => {
    for (const locale of LOCALES) {
      const translate = catalog(locale);
      expect(texts[locale]!.tagline).toBe(translate(HOME_SHELL_MESSAGES.tagline));
      expect(texts[locale]!.search).toBe(translate(HOME_SHELL_MESSAGES.search));
      for (const market of MARKETS) expect(texts[locale]!.markets[market]).toBe(translate(MARKET_NAMES[market].message!));
    }
    expect(texts.zh!.brand).toBe("商品雷达 ShopRadar");
  });

  it("knows the app's home paths, search link and market key", () => {
    const home = ROUTES.find((route) => route.name === "index")!;
    expect([...HOME_SHELL_APP.paths].sort()).toEqual([home.path, ...(home.aliases ?? [])].sort());
    expect(HOME_SHELL_APP.searchHref).toBe(hrefFor("discovery"));
    expect(HOME_SHELL_APP.marketStorageKey).toBe(MARKET_STORAGE_KEY);
  });

  it("paints the header in the saved locale with the saved market", () => {
    const root = paint("/", { cookie: "vi", market: "TH" });
    expect(root.querySelector(".home-brand__tagline")!.textContent).toBe(texts.vi!.tagline);
    expect(root.querySelector<HTMLAnchorElement>(".home-brand__search")!.getAttribute("href")).toBe("/discovery");
    const select = root.querySelector("select")!;
    expect(select.options).toHaveLength(MARKETS.length);
    expect(select.options[select.selectedIndex]!.textContent).toBe(texts.vi!.markets.TH);
    expect(document.documentElement.lang).toBe("vi");
  });

  it("falls back to the browser language, then English, and to the default market", () => {
    const root = paint("/pages/tab/index/index", { cookie: "xx", market: "ZZ" });
    const language = navigator.language.toLowerCase().split(/[-_]/)[0]!;
    const expected = language in texts ? language : "en";
    expect(root.querySelector(".home-brand__tagline")!.textContent).toBe(texts[expected]!.tagline);
    const select = root.querySelector("select")!;
    expect(select.options[select.selectedIndex]!.textContent).toBe(texts[expected]!.markets.VN);
  });

  it("leaves other pages' root empty", () => {
    expect(paint("/rank", { cookie: "th" }).childElementCount).toBe(0);
    expect(paint("/discovery").childElementCount).toBe(0);
  });
});
