// Offline navigation fallback: every page navigation is answered with the precached shell
// (index.html), so a reload without network still opens the app. API, dev and health paths
// and the sandbox payment gateway's hosted pages (a PSP's page the server renders) are never
// navigations of the app and go to the network. A list seen before is painted into
// the shell from its rendered-rows snapshot (snapshot-cache.ts), so it shows before JavaScript.
// The shell keeps the headers the server sent with index.html (its Content-Security-Policy
// among them); a page whose address carries a secret (/auth) also gets the server's
// Referrer-Policy for it, no-referrer, which the precached index.html does not have.
import { createHandlerBoundToURL } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { isNoReferrerPath } from "../contract/http-headers";
import { withoutReferrer } from "./no-referrer";
import { withSnapshot } from "./snapshot-cache";

export const NON_APP_PREFIXES = [/^\/api\//, /^\/v1\//, /^\/__dev\//, /^\/healthz/, /^\/sandbox-gateway\//];

export function installNavigationFallback(): void {
  const shell = createHandlerBoundToURL("/index.html");
  registerRoute(
    new NavigationRoute(
      async (options) => {
        const answer = await withSnapshot(options.url, await shell(options));
        return isNoReferrerPath(options.url.pathname) ? withoutReferrer(answer) : answer;
      },
      { denylist: NON_APP_PREFIXES },
    ),
  );
}
