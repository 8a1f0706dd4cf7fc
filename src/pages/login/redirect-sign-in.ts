// What the redirect sign-ins (Google, and WeChat's web OAuth) share in the browser: the page is
// left, so the post-login target is kept in sessionStorage for the return page, and so is a
// random nonce whose hash the server signs into `state`. On return the state must carry this
// browser's nonce hash, so a code and state made for someone else's browser (login CSRF) are
// refused before anything is sent. Each provider keeps its nonce under its own key.
import { nonceHash, stateNonceHash, toBase64url } from "../../lib/google-nonce";
import { resolvePostLoginTarget } from "../../routing/post-login";

const TARGET_KEY = "post-login-target";
const NONCE_BYTES = 32;

/** The return does not belong to a sign-in this browser began (or the nonce is gone). */
export class ForeignSignInReturn extends Error {
  override name = "ForeignSignInReturn";
}

/** A fresh random nonce for this tab's sign-in, kept in sessionStorage under `key`; answers its hash. */
export function newNonce(key: string): string {
  const nonce = toBase64url(crypto.getRandomValues(new Uint8Array(NONCE_BYTES)));
  sessionStorage.setItem(key, nonce);
  return nonceHash(nonce);
}

/**
 * The nonce kept under `key` when the flow began (read once), after checking that the returned
 * state carries its hash; throws ForeignSignInReturn otherwise.
 */
export function takeNonce(key: string, state: string): string {
  const nonce = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  if (!nonce || stateNonceHash(state) !== nonceHash(nonce)) throw new ForeignSignInReturn();
  return nonce;
}

/** Leaves for the provider's page, keeping where to go after the sign-in. */
export function leaveFor(url: string, target: string): void {
  sessionStorage.setItem(TARGET_KEY, target);
  location.assign(url);
}

/** The target saved when the flow began (read once; checked like any previous page), else home. */
export function takeTarget(): string {
  const target = sessionStorage.getItem(TARGET_KEY) ?? "";
  sessionStorage.removeItem(TARGET_KEY);
  return resolvePostLoginTarget({ query: "", previousPage: target });
}
