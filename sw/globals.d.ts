// Types of the worker scope that Workbox's injectManifest relies on.
import type { PrecacheEntry } from "workbox-precaching";

declare global {
  interface ServiceWorkerGlobalScope {
    __WB_MANIFEST: Array<PrecacheEntry | string>;
  }
}
export {};
