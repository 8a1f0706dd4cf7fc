// Build of the PWA: React + the Lingui macro (through Babel, before react()), PO catalogs
// compiled on import, the home header painted by index.html before any JavaScript
// (scripts/home-shell.ts), and the service worker from sw/ built by vite-plugin-pwa
// (injectManifest).
import { resolve } from "node:path";
import { defineConfig, type PluginOption } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import { VitePWA } from "vite-plugin-pwa";
import { webManifest } from "./src/app/manifest.ts";
import { manifestFiles, manifestSource } from "./scripts/manifests.ts";
import { homeShell } from "./scripts/home-shell.ts";
import { catalogSubsets } from "./scripts/catalog-subsets.ts";
import { homeChunks } from "./scripts/home-chunks.ts";

/** Lingui's macro must run before react() so <Trans> is compiled before JSX is; the catalogs
 * compile whole (`messages.po`) or in the two parts src/i18n/catalog.ts loads. */
export const linguiMacroPlugins = (): PluginOption[] => [
  babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
  react(),
  lingui(),
  catalogSubsets(),
];

/** One manifest per UI language, translated from its catalog, next to manifest.webmanifest
 * (English, from VitePWA); scripts/app-screenshots.ts adds the screenshots after the build. */
const localeManifestFiles = (): PluginOption => ({
  name: "shopradar-locale-manifests",
  apply: "build",
  async generateBundle() {
    for (const { fileName, manifest } of await manifestFiles())
      if (manifest.lang !== "en") this.emitFile({ type: "asset", fileName, source: manifestSource(manifest) });
  },
});

export default defineConfig({
  plugins: [
    ...linguiMacroPlugins(),
    localeManifestFiles(),
    homeShell(linguiMacroPlugins),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: webManifest,
      // The icons are already matched by globPatterns; listing them twice would only bloat sw.js.
      includeManifestIcons: false,
      injectManifest: {
        // The shell only: JS/CSS/HTML/icons. Catalogs of non-default locales and the heavy
        // detail pages with their charts (uPlot) are cached at runtime on first use (see sw/),
        // so they are left out of the precache.
        globPatterns: ["**/*.{js,css,html,png,svg,ico}"],
        globIgnores: [
          "**/messages-{zh,vi,id,th}-*.js",
          "**/*DetailPage-*.{js,css}",
          "**/TrendSection-*.{js,css}",
          "**/uPlot*.{js,css}",
          // The web-view documents (about, terms, privacy...): read rarely, cached on first use.
          "**/documents-*.js",
        ],
      },
    }),
  ],
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        // The home's JavaScript in a few chunks, one per boot step (scripts/home-chunks.ts); the
        // build runs from the repository's root, as the home shell's renderer assumes too.
        codeSplitting: homeChunks(resolve("src/main.tsx")),
        // V8's compile hint: React DOM's functions are compiled with the chunk, off the main
        // thread, instead of one by one on the main thread during the first render and commit.
        postBanner: (chunk) =>
          chunk.moduleIds.some((id) => id.includes("/react-dom/")) ? "//# allFunctionsCalledOnLoad" : "",
        chunkFileNames(chunk) {
          // Name each locale catalog chunk after its locale (and part, see scripts/catalog-subsets.ts)
          // so the precache can skip them.
          const match = chunk.facadeModuleId?.match(/locales\/(\w+)\/messages\.po\?(\w+)$/);
          return match ? `assets/messages-${match[1]}-${match[2]}-[hash].js` : "assets/[name]-[hash].js";
        },
      },
    },
  },
  server: {
    proxy: {
      "/v1": "http://127.0.0.1:8080",
      "/api": "http://127.0.0.1:8080",
      "/healthz": "http://127.0.0.1:8080",
    },
  },
});
