// The web app manifest, kept in code so the build (vite.config.ts) and tests read one source.
export const THEME_COLOR = "#ff3b5c";

export const webManifest = {
  id: "/",
  name: "ShopRadar - short-video e-commerce analytics",
  short_name: "ShopRadar",
  description: "Find what sells on short-video commerce in Southeast Asia.",
  lang: "en",
  start_url: "/?source=pwa",
  scope: "/",
  display: "standalone" as const,
  orientation: "portrait" as const,
  background_color: "#ffffff",
  theme_color: THEME_COLOR,
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};
