// Boot of the app proper (main.tsx imports it once the React runtime is evaluated): wire the API
// client to the stores, restore the session from cookies, load the locale's catalog and the
// opened page's chunk side by side, block zoom, render the app in a transition, then run the
// app-start calls and, when the browser is idle, the background work. Errors (window,
// unhandled rejections, error boundaries) are reported from the start (features/errors). On test
// and localhost hosts only, the debug panel's launcher is a lazy chunk of its own
// (features/debug). Between steps it yields to the browser (`nextTask`, platform/schedule.ts),
// so no step adds up to a long task on a slow phone.
import { lazy, startTransition, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "@lingui/react";
import { navigate } from "wouter/use-browser-location";
import { App } from "../app/App";
import { ErrorBoundary } from "../app/ErrorBoundary";
import { isDebugHost } from "../../contract/debug-host";
import { installGlobalErrorHandlers, reportClientError } from "../features/errors/reporter";
import { bindApiToStores } from "./api-bindings";
import { startApp } from "./app-start";
import { PLACEHOLDER_DELAY_MS, preloadPageAt } from "../routing/page-loader";
import { i18n } from "../i18n/catalog";
import { preferredLocale } from "../i18n/detect";
import { SOURCE_LOCALE } from "../i18n/locales";
import { applyLocale } from "../i18n/switch-locale";
import { nextTask, whenIdle } from "../platform/schedule";
import { installZoomBlocking } from "../platform/zoom";
import { initUserFromCookies } from "../state/user";

const UpdatePrompt = lazy(() => import("../app/UpdatePrompt"));
const DebugLauncher = lazy(() => import("../features/debug/DebugLauncher"));

/** Every error a boundary caught or none did: reported, and still logged for developers. */
function reportBoundaryError(error: unknown): void {
  reportClientError("boundary", error);
  console.error(error);
}

export async function boot(): Promise<void> {
  installGlobalErrorHandlers(window);
  bindApiToStores();
  initUserFromCookies();
  // The opened page's chunk loads in parallel with the catalog, so the first render shows it.
  const page = preloadPageAt(location.pathname);
  // A catalog that cannot load (offline, not cached yet) falls back to the precached English one.
  await applyLocale(preferredLocale()).catch(() => applyLocale(SOURCE_LOCALE));
  await nextTask();
  // A slow chunk does not hold the app back: after the placeholder delay the page's own loading
  // rules take over (placeholder, time-out, error view).
  await Promise.race([page, new Promise((resolve) => setTimeout(resolve, PLACEHOLDER_DELAY_MS))]);
  await nextTask();
  installZoomBlocking(document);

  // A transition renders in slices that yield to the browser (no long task), and commits once:
  // on the home page the header index.html painted is replaced by the same header.
  const root = createRoot(document.getElementById("root")!, {
    onCaughtError: reportBoundaryError,
    onUncaughtError: reportBoundaryError,
  });
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <ErrorBoundary>
            <App />
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
            {isDebugHost(location.hostname) && (
              <Suspense fallback={null}>
                <DebugLauncher />
              </Suspense>
            )}
          </ErrorBoundary>
        </I18nProvider>
      </StrictMode>,
    ),
  );
  void startApp(location.pathname, location.search, navigate);
  // Tracking, the offline queues and persistent storage: a lazy chunk, loaded and started when
  // the browser is idle after the first render.
  whenIdle(
    () =>
      void import("./background-work").then((background) => whenIdle(() => background.startBackgroundWork(whenIdle))),
  );
}
