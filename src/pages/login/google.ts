// Google sign-in by redirect (overseas edition; no Google script is loaded): the server gives
// the authorization URL, Google sends the browser back to /auth with ?code&state. The page is
// left, so the post-login target is kept in sessionStorage for /auth to pick up, and so is a
// random nonce whose hash the server signs into `state` (and Google into the ID token): on
// return the state must carry this browser's nonce hash, so a code and state made for someone
// else's browser (login CSRF) are refused here, before anything is sent.
import { googleAuthUrl } from "../../api/auth";
import { nonceHash, stateNonceHash, toBase64url } from "../../lib/google-nonce";
import { resolvePostLoginTarget } from "../../routing/post-login";
import { hrefFor } from "../../routing/paths";
import { currentReferral } from "../../state/user";

const TARGET_KEY = "post-login-target";
export const NONCE_KEY = "google-nonce";
const NONCE_BYTES = 32;

/** Where Google sends the browser back to; the same value must be sent with the code. */
export const googleRedirectUri = (): string => `${location.origin}${hrefFor("auth")}`;

/** A fresh random nonce for this tab's sign-in, kept in sessionStorage; answers its hash. */
export function newGoogleNonce(): string {
  const nonce = toBase64url(crypto.getRandomValues(new Uint8Array(NONCE_BYTES)));
  sessionStorage.setItem(NONCE_KEY, nonce);
  return nonceHash(nonce);
}

export async function startGoogleSignIn(target: string): Promise<void> {
  const url = await googleAuthUrl({
    redirectUri: googleRedirectUri(),
    nonceHash: newGoogleNonce(),
    ...currentReferral(),
  });
  sessionStorage.setItem(TARGET_KEY, target);
  location.assign(url);
}

/** The return does not belong to a sign-in this browser began (or the nonce is gone). */
export class ForeignGoogleReturn extends Error {
  override name = "ForeignGoogleReturn";
}

/**
 * The nonce kept when the flow began (read once), after checking that the returned state
 * carries its hash; throws ForeignGoogleReturn otherwise.
 */
export function takeGoogleNonce(state: string): string {
  const nonce = sessionStorage.getItem(NONCE_KEY);
  sessionStorage.removeItem(NONCE_KEY);
  if (!nonce || stateNonceHash(state) !== nonceHash(nonce)) throw new ForeignGoogleReturn();
  return nonce;
}

/** The target saved when the flow began (read once; checked like any previous page), else home. */
export function takeGoogleTarget(): string {
  const target = sessionStorage.getItem(TARGET_KEY) ?? "";
  sessionStorage.removeItem(TARGET_KEY);
  return resolvePostLoginTarget({ query: "", previousPage: target });
}
