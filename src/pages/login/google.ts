// Google sign-in by redirect (overseas edition; no Google script is loaded): the server gives
// the authorization URL, Google sends the browser back to /auth with ?code&state. The target
// and the nonce bound into `state` are kept as redirect-sign-in.ts describes.
import { googleAuthUrl } from "../../api/auth";
import { hrefFor } from "../../routing/paths";
import { currentReferral } from "../../state/user";
import { ForeignSignInReturn, leaveFor, newNonce, takeNonce, takeTarget } from "./redirect-sign-in";

export const NONCE_KEY = "google-nonce";

/** Where Google sends the browser back to; the same value must be sent with the code. */
export const googleRedirectUri = (): string => `${location.origin}${hrefFor("auth")}`;

/** A fresh random nonce for this tab's Google sign-in; answers its hash. */
export const newGoogleNonce = (): string => newNonce(NONCE_KEY);

export async function startGoogleSignIn(target: string): Promise<void> {
  const url = await googleAuthUrl({
    redirectUri: googleRedirectUri(),
    nonceHash: newGoogleNonce(),
    ...currentReferral(),
  });
  leaveFor(url, target);
}

/** The return does not belong to a sign-in this browser began (or the nonce is gone). */
export const ForeignGoogleReturn = ForeignSignInReturn;

/** The nonce kept when the flow began (read once), checked against the returned state. */
export const takeGoogleNonce = (state: string): string => takeNonce(NONCE_KEY, state);

/** The target saved when the flow began, else home. */
export const takeGoogleTarget = takeTarget;
