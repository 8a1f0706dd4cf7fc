// The nonce that binds a Google sign-in to the browser that began it (pure helpers; the page
// keeps the nonce itself in sessionStorage, src/pages/login/google.ts). Only the nonce's hash
// leaves the browser before the sign-in ends: base64url SHA-256 of its UTF-8 text, the same as
// the server's hashNonce (server/adapters/google.ts). SHA-256 is @noble/hashes' (synchronous,
// and WebCrypto is missing outside secure contexts, e.g. plain http on a LAN address).
import { sha256 } from "@noble/hashes/sha2.js";

/** base64url without padding. */
export function toBase64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** What goes into the state and Google's `nonce` parameter: base64url SHA-256 of the nonce. */
export const nonceHash = (nonce: string): string => toBase64url(sha256(new TextEncoder().encode(nonce)));

/**
 * The nonce hash signed into the redirect flow's state (a JWT made by the server: its payload
 * is readable, its signature is the server's to check), or null when the state has none or is
 * not a JWT at all.
 */
export function stateNonceHash(state: string): string | null {
  const payload = state.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="))) as unknown;
    const hash = typeof claims === "object" && claims !== null ? (claims as { nh?: unknown }).nh : undefined;
    return typeof hash === "string" ? hash : null;
  } catch {
    return null;
  }
}
