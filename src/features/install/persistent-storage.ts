// Persistent storage: once the app runs installed (display-mode standalone, or iOS's
// navigator.standalone) it asks once for storage the browser will not evict, so the outboxes,
// drafts and caches survive storage pressure. Whether it asked is remembered in localStorage;
// the browser remembers the answer itself.

export const PERSIST_ASKED_KEY = "storage-persist-asked";

interface NavigatorWithStandalone extends Navigator {
  standalone?: boolean;
}

export function isInstalled(win: Window = window): boolean {
  return (
    win.matchMedia?.("(display-mode: standalone)").matches === true ||
    (win.navigator as NavigatorWithStandalone).standalone === true
  );
}

/** Asks for persistent storage once, when installed; resolves to whether it asked now. */
export async function requestPersistentStorage(win: Window = window): Promise<boolean> {
  const storage = win.navigator.storage;
  if (!isInstalled(win) || typeof storage?.persist !== "function") return false;
  try {
    if (win.localStorage.getItem(PERSIST_ASKED_KEY)) return false;
    win.localStorage.setItem(PERSIST_ASKED_KEY, new Date().toISOString());
  } catch {
    return false;
  }
  await storage.persist().catch(() => false);
  return true;
}
