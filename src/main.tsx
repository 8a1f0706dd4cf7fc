// Boot: wire the API client to the stores, restore the session from cookies, load the
// locale's catalog and the opened page's chunk side by side, block zoom, render the app, then
// run the app-start calls.
import { lazy, startTransition, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "@lingui/react";
import { navigate } from "wouter/use-browser-location";
import { App } from "./app/App";
import { bindApiToStores } from "./app/apiBindings";
import { startApp } from "./app/appStart";
import { PLACEHOLDER_DELAY_MS, preloadPage } from "./app/lazyPage";
import { resolvePath } from "./app/resolve";
import { i18n } from "./i18n/catalog";
import { preferredLocale } from "./i18n/detect";
import { SOURCE_LOCALE } from "./i18n/locales";
import { applyLocale } from "./i18n/switchLocale";
import "./lib/installPrompt";
import { installZoomBlocking } from "./lib/zoom";
import { initUserFromCookies } from "./state/user";
import "./app/shell.css";
import "./pages/tab/home-brand.css";

const UpdatePrompt = lazy(() => import("./app/UpdatePrompt"));

async function boot(): Promise<void> {
  bindApiToStores();
  initUserFromCookies();
  // The opened page's chunk loads in parallel with the catalog, so the first render shows it.
  const opened = resolvePath(location.pathname);
  const page = opened.kind === "page" ? preloadPage(opened.route.load) : Promise.resolve();
  // A catalog that cannot load (offline, not cached yet) falls back to the precached English one.
  await applyLocale(preferredLocale()).catch(() => applyLocale(SOURCE_LOCALE));
  // A slow chunk does not hold the app back: after the placeholder delay the page's own loading
  // rules take over (placeholder, time-out, error view).
  await Promise.race([page, new Promise((resolve) => setTimeout(resolve, PLACEHOLDER_DELAY_MS))]);
  installZoomBlocking(document);

  // A transition renders in slices that yield to the browser (no long task), and commits once:
  // on the home page the header index.html painted is replaced by the same header.
  const root = createRoot(document.getElementById("root")!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <App />
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        </I18nProvider>
      </StrictMode>,
    ),
  );
  void startApp(location.pathname, location.search, navigate);
  // Tracking, the offline queues and persistent storage: a lazy chunk, loaded after the first render.
  void import("./tracking/start").then((background) => background.startBackgroundWork());
}

void boot();
