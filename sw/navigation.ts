// Offline navigation fallback: every page navigation is answered with the precached shell
// (index.html), so a reload without network still opens the app. API, dev and health paths
// are never navigations of the app and go to the network. A list seen before is painted into
// the shell from its rendered-rows snapshot (snapshot-cache.ts), so it shows before JavaScript.
import { createHandlerBoundToURL } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { withSnapshot } from "./snapshot-cache";

export const NON_APP_PREFIXES = [/^\/api\//, /^\/v1\//, /^\/__dev\//, /^\/healthz/];

export function installNavigationFallback(): void {
  const shell = createHandlerBoundToURL("/index.html");
  registerRoute(
    new NavigationRoute(async (options) => withSnapshot(options.url, await shell(options)), {
      denylist: NON_APP_PREFIXES,
    }),
  );
}
