// The web app manifest, kept in code so the build (vite.config.ts) and tests read one source:
// the English one (manifest.webmanifest) and one per UI language (manifest-<locale>.webmanifest)
// with the name, description and shortcut names translated (the small table below).
import { LOCALES, type Locale } from "../../contract/locales";
import { manifestHref } from "../features/pwa/manifest-files";

/** The light palette's --brand and --background (src/app/shell.css): a manifest has one theme
 *  colour, so the dark one lives in index.html's theme-color metas. */
export const THEME_COLOR = "#d0183e";
const BACKGROUND_COLOR = "#f5f6f8";

interface ManifestText {
  name: string;
  description: string;
  shortcuts: { search: string; lists: string; favourites: string; monitor: string };
}

const TEXT: Record<Locale, ManifestText> = {
  en: {
    name: "ShopRadar - short-video e-commerce analytics",
    description: "Find what sells on short-video commerce in Southeast Asia.",
    shortcuts: { search: "Search", lists: "Lists", favourites: "Favourites", monitor: "Monitor" },
  },
  zh: {
    name: "ShopRadar - 短视频电商数据分析",
    description: "发现东南亚短视频电商中的热销商品。",
    shortcuts: { search: "搜索", lists: "榜单", favourites: "收藏", monitor: "监控" },
  },
  vi: {
    name: "ShopRadar - Phân tích thương mại điện tử video ngắn",
    description: "Tìm sản phẩm bán chạy trên thương mại điện tử video ngắn ở Đông Nam Á.",
    shortcuts: { search: "Tìm kiếm", lists: "Bảng xếp hạng", favourites: "Yêu thích", monitor: "Theo dõi" },
  },
  id: {
    name: "ShopRadar - Analitik e-commerce video pendek",
    description: "Temukan produk terlaris di e-commerce video pendek Asia Tenggara.",
    shortcuts: { search: "Cari", lists: "Peringkat", favourites: "Favorit", monitor: "Pantau" },
  },
  th: {
    name: "ShopRadar - วิเคราะห์อีคอมเมิร์ซวิดีโอสั้น",
    description: "ค้นหาสินค้าขายดีบนอีคอมเมิร์ซวิดีโอสั้นในเอเชียตะวันออกเฉียงใต้",
    shortcuts: { search: "ค้นหา", lists: "อันดับ", favourites: "รายการโปรด", monitor: "ติดตาม" },
  },
};

/** Where a shared link or text arrives (share_target, GET): see src/features/pwa/share-target.ts. */
export const SHARE_TARGET_PATH = "/share-target";

const shortcutIcons = [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }];

const shortcuts = ({ shortcuts: names }: ManifestText) => [
  { name: names.search, url: "/discovery?source=pwa-shortcut", icons: shortcutIcons },
  { name: names.lists, url: "/rank?source=pwa-shortcut", icons: shortcutIcons },
  { name: names.favourites, url: "/user?source=pwa-shortcut", icons: shortcutIcons },
  { name: names.monitor, url: "/monitor?source=pwa-shortcut", icons: shortcutIcons },
];

/** The manifest in one UI language; every language keeps the same id, so it is one app. */
export const manifestFor = (locale: Locale) => ({
  id: "/",
  name: TEXT[locale].name,
  short_name: "ShopRadar",
  description: TEXT[locale].description,
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
    params: { title: "title", text: "text", url: "url" },
  },
  shortcuts: shortcuts(TEXT[locale]),
});

/** The English manifest: /manifest.webmanifest, linked from index.html by the build. */
export const webManifest = manifestFor("en");

/** Each language's manifest file; English keeps the build's own manifest.webmanifest. */
export const localeManifests = (): { fileName: string; manifest: ReturnType<typeof manifestFor> }[] =>
  LOCALES.filter((locale) => locale !== "en").map((locale) => ({
    fileName: manifestHref(locale).slice(1),
    manifest: manifestFor(locale),
  }));
