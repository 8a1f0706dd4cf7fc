// Offline navigation fallback: every page navigation is answered with the precached shell
// (index.html), so a reload without network still opens the app. API, dev and health paths
// are never navigations of the app and go to the network.
import { createHandlerBoundToURL } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

export const NON_APP_PREFIXES = [/^\/api\//, /^\/v1\//, /^\/__dev\//, /^\/healthz/];

export function installNavigationFallback(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: NON_APP_PREFIXES }));
}
