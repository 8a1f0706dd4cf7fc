// Build step (a Vite plugin): the home page's first paint without waiting for JavaScript.
// index.html carries a `<!-- home-shell -->` mark right after #root; the build puts there a tiny
// inline script that, on the home paths, writes the home header (brand, market, tagline, search
// entry) into #root in the visitor's language, with HomePage's markup and classes, so the page's
// largest text paints as soon as the HTML and the render-blocking CSS have arrived. React's
// first commit replaces it with the same header in the same place (no layout shift). The texts
// come from the PO catalogs at build time, so they are the app's own translations; the build
// fails when a locale lacks one. (No Intl.DisplayNames: its region data costs about 300 ms on a
// throttled phone.) The locale rule is detect.ts's: the responsive-locale cookie,
// else the browser language's prefix, else English. The build also lists the chunks of
// main.tsx's boot steps as module preloads, and keeps a disabled link for each stylesheet it
// puts inline (so Vite's preload helper does not fetch it again).
import { readFileSync } from "node:fs";
import { formatter } from "@lingui/format-po";
import type { Plugin } from "vite";
import { DEFAULT_MARKET, MARKETS, type Market } from "../src/api/entities.ts";
import { brandName } from "../src/routing/title.ts";
import { LOCALE_COOKIE } from "../src/i18n/detect.ts";
import { LOCALES, SOURCE_LOCALE } from "../src/i18n/locales.ts";

export const HOME_SHELL_MARK = "<!-- home-shell -->";

/** The messages of HomePage's header (their msgids), keyed by their role in the shell. */
export const HOME_SHELL_MESSAGES = {
  tagline: "Find what sells on short-video commerce",
  search: "Search videos and influencers",
  market: "Market",
} as const;

/** The market names' msgids (MarketSelect.tsx's MARKET_NAMES). */
const MARKET_MESSAGES: Record<Market, string> = { VN: "Vietnam", ID: "Indonesia", TH: "Thailand", MY: "Malaysia", PH: "Philippines", SG: "Singapore" };

/** What the shell needs to know of the app: keep in step with routes.ts and rankDiscover.ts (tests/unit/homeShell.test.ts checks). */
export const HOME_SHELL_APP = {
  /** The paths the home route answers on. */
  paths: ["/", "/pages/tab/index/index"],
  searchHref: "/discovery",
  marketStorageKey: "market",
};

export type ShellTexts = Record<keyof typeof HOME_SHELL_MESSAGES | "brand", string> & { markets: Record<Market, string> };

/** Each locale's shell texts, read from locales/<locale>/messages.po. */
export async function shellTexts(localesDir = "locales"): Promise<Record<string, ShellTexts>> {
  const po = formatter();
  const texts: Record<string, ShellTexts> = {};
  for (const locale of LOCALES) {
    const filename = `${localesDir}/${locale}/messages.po`;
    const catalog = await po.parse(readFileSync(filename, "utf8"), { locale, sourceLocale: SOURCE_LOCALE, filename });
    const entries = Object.values(catalog ?? {});
    const translate = (message: string) => {
      const translation = entries.find((entry) => entry.message === message)?.translation;
      if (!translation) throw new Error(`home shell: "${message}" has no ${locale} translation in ${filename}`);
      return translation;
    };
    texts[locale] = {
      brand: brandName(locale),
      tagline: translate(HOME_SHELL_MESSAGES.tagline),
      search: translate(HOME_SHELL_MESSAGES.search),
      market: translate(HOME_SHELL_MESSAGES.market),
      markets: Object.fromEntries(MARKETS.map((code) => [code, translate(MARKET_MESSAGES[code])])) as Record<Market, string>,
    };
  }
  return texts;
}

/** The inline script: plain ES2017, no imports, everything it needs in its data. */
export function shellScript(texts: Record<string, ShellTexts>): string {
  const data = {
    texts,
    fallback: SOURCE_LOCALE,
    cookie: LOCALE_COOKIE,
    defaultMarket: DEFAULT_MARKET,
    ...HOME_SHELL_APP,
  };
  // The JSON is escaped so no translation can close the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `(function (d) {
  var root = document.getElementById("root");
  if (!root || root.firstChild || d.paths.indexOf(location.pathname) < 0) return;
  var saved = new RegExp("(?:^|; )" + d.cookie + "=([^;]*)").exec(document.cookie);
  var known = function (l) { return Object.prototype.hasOwnProperty.call(d.texts, l); };
  var locale = saved && decodeURIComponent(saved[1]);
  if (!known(locale)) locale = String(navigator.language || "").toLowerCase().split(/[-_]/)[0];
  if (!known(locale)) locale = d.fallback;
  var text = d.texts[locale], market = d.defaultMarket;
  try { market = localStorage.getItem(d.marketStorageKey) || market; } catch (e) {}
  if (!Object.prototype.hasOwnProperty.call(text.markets, market)) market = d.defaultMarket;
  function el(tag, className, content, parent) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (content) node.textContent = content;
    parent.appendChild(node);
    return node;
  }
  document.documentElement.lang = locale;
  var page = el("div", "page page--tab", "", root);
  page.setAttribute("data-static-shell", "home");
  var header = el("header", "home-brand", "", el("main", "page__body", "", page));
  var row = el("div", "home-brand__row", "", header);
  el("h1", "home-brand__name", text.brand, row);
  var select = el("select", "select home-brand__market", "", row);
  select.setAttribute("aria-label", text.market);
  select.setAttribute("tabindex", "-1");
  // Every market, as MarketSelect lists them, so the select is as wide as React's.
  for (var code in text.markets) el("option", "", text.markets[code], select).selected = code === market;
  el("p", "home-brand__tagline", text.tagline, header);
  el("a", "home-brand__search", text.search, header).setAttribute("href", d.searchHref);
})(${json});`;
}

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g;

/** The modules main.tsx imports step by step, and the home page, all fetched from the start. */
export const BOOT_MODULES = [
  /\/src\/boot\/runtime\.ts$/,
  /\/src\/boot\/boot\.tsx$/,
  /\/src\/pages\/tab\/HomePage\.tsx$/,
  // Loaded right after the first render on every page: listed here, their imports add no
  // preload links at run time (each one a style and resource-fetch cost on a slow phone).
  /\/src\/app\/UpdatePrompt\.tsx$/,
  /\/src\/boot\/background-work\.ts$/,
];

type BundleChunk = { type: "chunk"; fileName: string; imports: string[]; facadeModuleId: string | null };

/**
 * Module preload links for the chunks of BOOT_MODULES and their static imports, in that order,
 * minus those the HTML already lists: the browser fetches (and compiles) them in parallel with
 * the entry, and main.tsx then evaluates them one step at a time.
 */
export function bootPreloads(html: string, bundle: Record<string, { type: string }>): string {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === "chunk");
  const files: string[] = [];
  const add = (fileName: string) => {
    if (files.includes(fileName)) return;
    files.push(fileName);
    const chunk = chunks.find((item) => item.fileName === fileName);
    chunk?.imports.forEach(add);
  };
  for (const pattern of BOOT_MODULES) {
    const chunk = chunks.find((item) => item.facadeModuleId && pattern.test(item.facadeModuleId));
    if (!chunk) throw new Error(`home shell: no chunk for ${pattern}`);
    add(chunk.fileName);
  }
  const links = files
    .filter((fileName) => !html.includes(`/${fileName}"`))
    .map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`)
    .join("\n    ");
  return html.replace("</head>", () => `  ${links}\n  </head>`);
}

/**
 * The Vite plugin: fills the mark in index.html (dev server and build alike), and in the build
 * puts the entry's stylesheets inline (a few KB), so the first paint waits for no request but
 * the HTML: on a slow link the linked CSS would share the bandwidth with the JavaScript.
 */
export function homeShell(localesDir = "locales"): Plugin {
  return {
    name: "shopradar:home-shell",
    transformIndexHtml: {
      order: "post",
      async handler(html, context) {
        if (!html.includes(HOME_SHELL_MARK)) throw new Error(`index.html lacks the ${HOME_SHELL_MARK} mark`);
        const script = `<script>${shellScript(await shellTexts(localesDir))}</script>`;
        const filled = html.replace(HOME_SHELL_MARK, () => script);
        const bundle = context.bundle;
        if (!bundle) return filled;
        return bootPreloads(filled, bundle).replace(STYLESHEET_LINK, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== "asset") return link;
          // The disabled link is never fetched; it tells Vite's preload helper the sheet is in
          // place, so a dynamic import listing it (the boot steps do) adds no second copy.
          return `<style>${String(asset.source).replace(/<\/style/gi, "<\\/style")}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
        });
      },
    },
  };
}
