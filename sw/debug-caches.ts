// The debug panel's view of the worker's caches (DEBUG_CACHES, on debug hosts only: contract/
// debug-host.ts): every cache's name, entry count and the storing times of its oldest and newest
// entry (the data caches' own stamp, else the answer's Date header), optionally after emptying
// the data caches (every viewer's lists, details and snapshots, and the thumbnails).
import { isDebugHost } from "../contract/debug-host";
import { SW_CACHED_AT_HEADER } from "../contract/http-headers";
import {
  DEBUG_CACHES,
  messageType,
  type DebugCacheInfo,
  type DebugCachesMessage,
  type DebugCachesReply,
} from "../contract/sw-messages";
import { isDataCache } from "./cache-names";
import { clearDataCaches } from "./data-cache";

declare const self: ServiceWorkerGlobalScope;

/** When a stored answer was stored, as far as its headers say. */
function storedAt(response: Response): number | null {
  const stamp = Number(response.headers.get(SW_CACHED_AT_HEADER));
  if (stamp > 0) return stamp;
  const date = Date.parse(response.headers.get("date") ?? "");
  return Number.isNaN(date) ? null : date;
}

export async function describeCaches(): Promise<DebugCacheInfo[]> {
  const names = (await caches.keys()).sort();
  return Promise.all(
    names.map(async (name) => {
      const responses = await (await caches.open(name)).matchAll();
      const times = responses.map(storedAt).filter((time): time is number => time !== null);
      return {
        name,
        entries: responses.length,
        oldestAt: times.length ? Math.min(...times) : null,
        newestAt: times.length ? Math.max(...times) : null,
      };
    }),
  );
}

export function installDebugCaches(): void {
  if (!isDebugHost(self.location.hostname)) return;
  self.addEventListener("message", (event) => {
    if (messageType(event.data) !== DEBUG_CACHES) return;
    const { clear } = event.data as DebugCachesMessage;
    const port = event.ports[0];
    event.waitUntil(
      (async () => {
        if (clear === true) await clearDataCaches(isDataCache);
        const reply: DebugCachesReply = { type: DEBUG_CACHES, caches: await describeCaches() };
        port?.postMessage(reply);
      })(),
    );
  });
}
