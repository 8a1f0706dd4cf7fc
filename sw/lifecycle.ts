// Worker lifecycle: a new version waits until the page asks it to take over (the in-app
// update prompt sends SKIP_WAITING), so no page ever runs on a mix of two versions. The very
// first install has no older version to mix with, so it claims open pages at once.
import { clientsClaim } from "workbox-core";
import { messageType, SKIP_WAITING } from "../contract/sw-messages";

declare const self: ServiceWorkerGlobalScope;

export function installLifecycle(): void {
  self.addEventListener("message", (event) => {
    if (messageType(event.data) === SKIP_WAITING) void self.skipWaiting();
  });
  clientsClaim();
}
