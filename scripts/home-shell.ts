// Build step (a Vite plugin): the home page's first paint without waiting for JavaScript.
// index.html carries a `<!-- home-shell -->` mark right after #root; the build puts there the
// home header as React renders it (src/pages/tab/home-shell-render.tsx: HomeHeader with
// react-dom/server's renderToStaticMarkup, once per language with that language's compiled
// catalog, loaded through a throw-away Vite server's SSR module loader), and a tiny inline script
// that, on the home paths only, picks the visitor's language with contract/locales.ts's own
// pickLocale (its source text) and puts that markup into #root, then selects the saved market.
// The page's largest text paints as soon as the HTML has arrived, and React's first commit
// replaces it with the same markup in the same place (no layout shift). The build fails when a
// language lacks a translation of a message the header shows. The build also lists the chunks
// of main.tsx's boot steps as module preloads, keeps a disabled link for each stylesheet it
// puts inline (so Vite's preload helper does not fetch it again), and hands the module script
// and preloads to the loader that starts them after the first frame (contract/module-loader.ts).
import { readFileSync } from "node:fs";
import { formatter } from "@lingui/format-po";
import { createServer, type Plugin, type PluginOption, type ViteDevServer } from "vite";
import { LOCALE_COOKIE } from "../contract/cookies.ts";
import { deferModules } from "../contract/module-loader.ts";
import { DEFAULT_LOCALE, LOCALES, pickLocale } from "../contract/locales.ts";
import type { HomeShells } from "../src/pages/tab/home-shell-render.tsx";

export const HOME_SHELL_MARK = "<!-- home-shell -->";
/** The build-time entry that renders the header. */
export const HOME_SHELL_ENTRY = "/src/pages/tab/home-shell-render.tsx";
/** The paths the home route answers on (routes.ts; tests/unit/home-shell.test.ts checks). */
export const HOME_PATHS = ["/", "/pages/tab/index/index"];

type Shells = HomeShells;

/** Renders every language's header with a Vite server's SSR loader (the dev server's, or a throw-away one). */
export async function renderShells(plugins: () => PluginOption[], devServer?: ViteDevServer): Promise<Shells> {
  const server =
    devServer ??
    (await createServer({
      configFile: false,
      root: process.cwd(),
      logLevel: "error",
      appType: "custom",
      plugins: plugins(),
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    }));
  try {
    const entry = (await server.ssrLoadModule(
      HOME_SHELL_ENTRY,
    )) as typeof import("../src/pages/tab/home-shell-render.tsx");
    return await entry.renderHomeShells();
  } finally {
    if (!devServer) await server.close();
  }
}

/** Fails when a message the header shows has no translation in a language's PO catalog. */
export async function checkTranslations(shells: Shells, localesDir = "locales"): Promise<void> {
  const po = formatter();
  for (const locale of LOCALES) {
    const filename = `${localesDir}/${locale}/messages.po`;
    const catalog =
      (await po.parse(readFileSync(filename, "utf8"), { locale, sourceLocale: DEFAULT_LOCALE, filename })) ?? {};
    for (const id of shells.locales[locale].messageIds) {
      if (!catalog[id]?.translation)
        throw new Error(
          `home shell: message ${id} ("${catalog[id]?.message ?? "?"}") has no ${locale} translation in ${filename}`,
        );
    }
  }
}

/** The inline script: plain ES2017, no imports; its data and contract's pickLocale written in. */
export function shellScript(shells: Shells): string {
  const markup = Object.fromEntries(LOCALES.map((locale) => [locale, shells.locales[locale].html]));
  // JSON escaped so no text can close the script element.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return `(function (shells, pick, locales, fallback, cookie, paths, marketKey) {
  var root = document.getElementById("root");
  if (!root || root.firstChild || paths.indexOf(location.pathname) < 0) return;
  var saved = new RegExp("(?:^|; )" + cookie + "=([^;]*)").exec(document.cookie);
  var locale = pick(saved && decodeURIComponent(saved[1]), navigator.language, locales, fallback);
  document.documentElement.lang = locale;
  root.innerHTML = shells[locale];
  var market = null;
  try { market = localStorage.getItem(marketKey); } catch (e) {}
  var select = root.querySelector("select");
  if (!select || !market) return;
  for (var i = 0; i < select.options.length; i++) if (select.options[i].value === market) select.selectedIndex = i;
})(${json(markup)}, ${pickLocale.toString()}, ${json(LOCALES)}, ${json(DEFAULT_LOCALE)}, ${json(LOCALE_COOKIE)}, ${json(HOME_PATHS)}, ${json(shells.marketStorageKey)});`;
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

type BundleChunk = {
  type: "chunk";
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds?: string[];
};

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
    // The chunk the module is the facade of, or the group chunk holding it (scripts/home-chunks.ts).
    const chunk =
      chunks.find((item) => item.facadeModuleId && pattern.test(item.facadeModuleId)) ??
      chunks.find((item) => item.moduleIds?.some((id) => pattern.test(id)));
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
 * `plugins` are those the header's modules need to load (React and the Lingui macro and catalogs).
 */
export function homeShell(plugins: () => PluginOption[], localesDir = "locales"): Plugin {
  let devServer: ViteDevServer | undefined;
  let rendered: Promise<Shells> | undefined;
  const shells = () =>
    (rendered ??= renderShells(plugins, devServer).then(async (result) => {
      await checkTranslations(result, localesDir);
      return result;
    }));
  return {
    name: "shopradar:home-shell",
    configureServer(server) {
      devServer = server;
    },
    transformIndexHtml: {
      order: "post",
      async handler(html, context) {
        if (!html.includes(HOME_SHELL_MARK)) throw new Error(`index.html lacks the ${HOME_SHELL_MARK} mark`);
        const script = `<script>${shellScript(await shells())}</script>`;
        const filled = html.replace(HOME_SHELL_MARK, () => script);
        const bundle = context.bundle;
        if (!bundle) return filled;
        const inlined = bootPreloads(filled, bundle).replace(STYLESHEET_LINK, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== "asset") return link;
          // The disabled link is never fetched; it tells Vite's preload helper the sheet is in
          // place, so a dynamic import listing it (the boot steps do) adds no second copy.
          return `<style>${String(asset.source).replace(/<\/style/gi, "<\\/style")}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
        });
        // The modules start after the first frame (contract/module-loader.ts).
        return deferModules(inlined);
      },
    },
  };
}
