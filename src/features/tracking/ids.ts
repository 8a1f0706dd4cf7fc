// Identifiers of tracking events: the device id lives in a cookie for one year
// (31536000 s), the session id is created once per browser session and reused across reloads
// (sessionStorage: a new tab or a restarted browser starts a new session), and every event
// gets its own random id so the server can store each one once however often it is replayed.
import { getCookie, setCookie } from "../../platform/cookies";

export { DEVICE_ID_COOKIE } from "../../../contract/cookies";
import { DEVICE_ID_COOKIE } from "../../../contract/cookies";
export const DEVICE_ID_SECONDS = 31_536_000; // 1 year
export const SESSION_ID_KEY = "tracking-session-id";

const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A random id of 22 URL-safe characters (128 bits), valid as a server event id. */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The device id, created (and stored for a year) on first use. */
export function deviceId(): string {
  const saved = getCookie(DEVICE_ID_COOKIE);
  if (saved && ID_PATTERN.test(saved)) return saved;
  const id = randomId();
  setCookie(DEVICE_ID_COOKIE, id, { seconds: DEVICE_ID_SECONDS });
  return id;
}

let memorySessionId: string | undefined;

/** The session id, stored on first use and reused for the rest of the browser session. */
export function sessionId(): string {
  try {
    const saved = sessionStorage.getItem(SESSION_ID_KEY);
    if (saved && ID_PATTERN.test(saved)) return saved;
    const id = randomId();
    sessionStorage.setItem(SESSION_ID_KEY, id);
    return id;
  } catch {
    // Storage refused (some private modes): one id for this page's life.
    memorySessionId ??= randomId();
    return memorySessionId;
  }
}
