// The web app manifest, kept in code so the build (vite.config.ts, scripts/manifests.ts) and tests
// read one source: its words as catalog messages with explicit ids (`npm run i18n:extract` puts
// them in locales/<locale>/messages.po; the build translates them per language from there), the
// screenshots the build captures from the running app in each language (scripts/app-screenshots.ts),
// and the manifest of one language with its screenshots that exist.
import type { MessageDescriptor } from "@lingui/core";
import type { Locale } from "../../contract/locales";
import type { Market } from "../api/entities";

/** The light palette's --brand and --background (src/app/shell.css): a manifest has one theme
 *  colour, so the dark one lives in index.html's theme-color metas. */
export const THEME_COLOR = "#d0183e";
const BACKGROUND_COLOR = "#f5f6f8";

/** Every word of the manifest; English is the message itself, other languages their catalog's. */
export const MANIFEST_MESSAGES = {
  name: /*i18n*/ { id: "manifest.name", message: "ShopRadar - short-video e-commerce analytics" },
  description: /*i18n*/ {
    id: "manifest.description",
    message: "Find what sells on short-video commerce in Southeast Asia.",
  },
  search: /*i18n*/ { id: "manifest.shortcut.search", message: "Search" },
  lists: /*i18n*/ { id: "manifest.shortcut.lists", message: "Lists" },
  favourites: /*i18n*/ { id: "manifest.shortcut.favourites", message: "Favourites" },
  monitor: /*i18n*/ { id: "manifest.shortcut.monitor", message: "Monitor" },
  homeScreenshot: /*i18n*/ {
    id: "manifest.screenshot.home",
    message: "Home: today's trending products, videos and influencers",
  },
  rankScreenshot: /*i18n*/ {
    id: "manifest.screenshot.rank",
    message: "Lists: daily rankings of products, influencers, videos, music and hashtags",
  },
} as const satisfies Record<string, MessageDescriptor>;

/** A manifest word in the manifest's language. */
export type ManifestTranslate = (descriptor: MessageDescriptor) => string;

/** The source language's words: the messages themselves. */
export const english: ManifestTranslate = (descriptor) => descriptor.message!;

export type FormFactor = "narrow" | "wide";

/** A page of the app the build photographs in every UI language: narrow at the phone size
 *  (390x844), wide at the desktop size (1280x800). */
export interface ScreenshotShot {
  /** The file's name, without the language folder and extension. */
  name: string;
  path: string;
  formFactor: FormFactor;
  label: MessageDescriptor;
}

export const SCREENSHOT_SHOTS: readonly ScreenshotShot[] = [
  { name: "home-narrow", path: "/", formFactor: "narrow", label: MANIFEST_MESSAGES.homeScreenshot },
  { name: "rank-narrow", path: "/rank", formFactor: "narrow", label: MANIFEST_MESSAGES.rankScreenshot },
  { name: "home-wide", path: "/", formFactor: "wide", label: MANIFEST_MESSAGES.homeScreenshot },
  { name: "rank-wide", path: "/rank", formFactor: "wide", label: MANIFEST_MESSAGES.rankScreenshot },
];

/** The market each language's screenshots show (a Thai reader sees Thai shops and products). */
export const SCREENSHOT_MARKETS: Readonly<Record<Locale, Market>> = {
  zh: "VN",
  en: "VN",
  vi: "VN",
  id: "ID",
  th: "TH",
};

/** Where a shot of the app in `locale` lands under the build's output directory (and its URL). */
export const screenshotSrc = (shot: ScreenshotShot, locale: Locale): string =>
  `/screenshots/${locale}/${shot.name}.png`;

/** A captured screenshot: its shot, its file and the pixel size of the PNG the build wrote. */
export interface CapturedScreenshot {
  shot: ScreenshotShot;
  src: string;
  width: number;
  height: number;
}

/** Where a shared link or text arrives (share_target, GET): see src/features/pwa/share-target.ts. */
export const SHARE_TARGET_PATH = "/share-target";

const shortcutIcons = [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }];

const shortcuts = (t: ManifestTranslate) => [
  { name: t(MANIFEST_MESSAGES.search), url: "/discovery?source=pwa-shortcut", icons: shortcutIcons },
  { name: t(MANIFEST_MESSAGES.lists), url: "/rank?source=pwa-shortcut", icons: shortcutIcons },
  { name: t(MANIFEST_MESSAGES.favourites), url: "/user?source=pwa-shortcut", icons: shortcutIcons },
  { name: t(MANIFEST_MESSAGES.monitor), url: "/monitor?source=pwa-shortcut", icons: shortcutIcons },
];

const screenshotEntries = (t: ManifestTranslate, captured: readonly CapturedScreenshot[]) =>
  captured.map(({ shot, src, width, height }) => ({
    src,
    sizes: `${width}x${height}`,
    type: "image/png",
    form_factor: shot.formFactor,
    label: t(shot.label),
  }));

/** The manifest in one UI language; every language keeps the same id, so it is one app. The
 *  `screenshots` key appears only with screenshots that were captured (the files exist): the
 *  app photographed in that language. */
export const manifestFor = (locale: Locale, t: ManifestTranslate, captured: readonly CapturedScreenshot[] = []) => ({
  id: "/",
  name: t(MANIFEST_MESSAGES.name),
  short_name: "ShopRadar",
  description: t(MANIFEST_MESSAGES.description),
  lang: locale,
  start_url: "/?source=pwa",
  scope: "/",
  display: "standalone" as const,
  orientation: "portrait" as const,
  background_color: BACKGROUND_COLOR,
  theme_color: THEME_COLOR,
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
  categories: ["business", "productivity"],
  display_override: ["window-controls-overlay", "standalone"] as ("window-controls-overlay" | "standalone")[],
  launch_handler: { client_mode: "navigate-existing" as const },
  share_target: {
    action: SHARE_TARGET_PATH,
    method: "GET" as const,
    // GET sends the fields in the query either way; Chromium warns when the member is missing.
    enctype: "application/x-www-form-urlencoded" as const,
    params: { title: "title", text: "text", url: "url" },
  },
  shortcuts: shortcuts(t),
  ...(captured.length > 0 ? { screenshots: screenshotEntries(t, captured) } : {}),
});

export type WebManifest = ReturnType<typeof manifestFor>;

/** The English manifest as vite-plugin-pwa first emits it (/manifest.webmanifest, linked from
 *  index.html): no screenshots yet, scripts/app-screenshots.ts adds them after capturing. */
export const webManifest = manifestFor("en", english);
