// What the app keeps in the browser and clearing it: the size from navigator.storage.estimate(),
// and "clear" drops the service worker's data caches (lists, details, images, catalogs: the
// shopradar-* caches, not the precached app itself) and the IndexedDB databases (offline
// queues, drafts). The sign-in (a cookie) and the settings in localStorage stay.
/** The service worker's cache prefix (sw/cache-names.ts). */
const CACHE_PREFIX = "shopradar";

/** Bytes the app's origin uses, or null where the browser does not tell. */
export async function savedDataSize(nav: Navigator = navigator): Promise<number | null> {
  if (typeof nav.storage?.estimate !== "function") return null;
  const estimate = await nav.storage.estimate().catch(() => null);
  return estimate?.usage ?? null;
}

const UNITS = ["B", "KB", "MB", "GB"] as const;

/** 1536 -> "1.5 KB", in the UI language's number format. */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

export async function clearSavedData(win: Window = window): Promise<void> {
  if (win.caches) {
    const names = await win.caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith(`${CACHE_PREFIX}-`)).map((name) => win.caches.delete(name)),
    );
  }
  const idb = win.indexedDB;
  if (typeof idb?.databases === "function") {
    const databases = await idb.databases();
    await Promise.all(
      databases.flatMap(({ name }) =>
        name
          ? [
              new Promise<void>((resolve) => {
                const request = idb.deleteDatabase(name);
                request.onsuccess = request.onerror = request.onblocked = () => resolve();
              }),
            ]
          : [],
      ),
    );
  }
}
