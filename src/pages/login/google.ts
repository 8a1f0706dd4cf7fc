// Google sign-in by redirect (overseas edition; no Google script is loaded): the server gives
// the authorization URL, Google sends the browser back to /auth with ?code&state. The page is
// left, so the post-login target is kept in sessionStorage for /auth to pick up.
import { googleAuthUrl } from "../../api/auth";
import { resolvePostLoginTarget } from "../../routing/post-login";
import { hrefFor } from "../../routing/paths";
import { currentReferral } from "../../state/user";

const TARGET_KEY = "post-login-target";

/** Where Google sends the browser back to; the same value must be sent with the code. */
export const googleRedirectUri = (): string => `${location.origin}${hrefFor("auth")}`;

export async function startGoogleSignIn(target: string): Promise<void> {
  const url = await googleAuthUrl({ redirectUri: googleRedirectUri(), ...currentReferral() });
  sessionStorage.setItem(TARGET_KEY, target);
  location.assign(url);
}

/** The target saved when the flow began (read once; checked like any previous page), else home. */
export function takeGoogleTarget(): string {
  const target = sessionStorage.getItem(TARGET_KEY) ?? "";
  sessionStorage.removeItem(TARGET_KEY);
  return resolvePostLoginTarget({ query: "", previousPage: target });
}
