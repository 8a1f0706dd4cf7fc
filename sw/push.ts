// Campaign web push: wires the `push` and `notificationclick` events to the handlers in
// push-handlers.ts (what they show and open is described there).
import { openCampaign, showCampaign } from "./push-handlers";

declare const self: ServiceWorkerGlobalScope;

export function installPush(): void {
  self.addEventListener("push", (event) => {
    event.waitUntil(showCampaign(self.registration, event.data?.text() ?? null, self.location.origin));
  });
  self.addEventListener("notificationclick", (event) => {
    event.waitUntil(openCampaign(self.clients, event.notification, self.location.origin));
  });
}
