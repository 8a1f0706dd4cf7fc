// SHA-256 of bytes, asynchronously: WebCrypto where the page has it (secure contexts), else
// @noble/hashes, loaded only then, for a page opened over plain http on a LAN address, where
// crypto.subtle does not exist. Synchronous callers (the password padding in crypto.ts) use
// @noble/hashes directly.

/** The 32-byte SHA-256 digest of `bytes`. */
export async function sha256Digest(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  if (globalThis.crypto?.subtle) return new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes));
  const { sha256 } = await import("@noble/hashes/sha2.js");
  return sha256(bytes);
}
