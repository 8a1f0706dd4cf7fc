// Whose data a cache or a list snapshot holds: "anon" for visitors (who all see the same), else
// a key derived from the session token so the token itself never becomes a cache name. The
// app and the service worker hash the token with SHA-256 (WebCrypto, which this folder may not
// name) and both derive the key here.

export const ANONYMOUS_VIEWER = "anon";
/** What a viewer key looks like. */
export const VIEWER_KEY = /^(anon|[0-9a-f]{16})$/;

/** The viewer key of a session: the first 16 hex digits of the token's SHA-256 digest. */
export function viewerFromDigest(sha256: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(sha256).slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
