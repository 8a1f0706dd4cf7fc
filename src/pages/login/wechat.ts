// WeChat sign-in for the web app (Chinese edition): only inside WeChat's own browser can a page
// use WeChat's web OAuth, so the option starts it there and explains elsewhere. The server gives
// the authorization URL; WeChat sends the browser back to /auth?via=wechat with ?code&state. The
// target and the nonce bound into `state` are kept as redirect-sign-in.ts describes.
import { wechatAuthUrl } from "../../api/auth";
import { hrefFor } from "../../routing/paths";
import { currentReferral } from "../../state/user";
import { leaveFor, newNonce } from "./redirect-sign-in";

export const WECHAT_NONCE_KEY = "wechat-nonce";

/** WeChat's in-app browser names itself MicroMessenger in its user agent. */
export const isWechatBrowser = (userAgent: string = navigator.userAgent): boolean => /MicroMessenger/i.test(userAgent);

/** Where WeChat sends the browser back to (the /auth page tells returns apart by `via`). */
export const wechatRedirectUri = (): string => `${location.origin}${hrefFor("auth")}?via=wechat`;

export async function startWechatSignIn(target: string): Promise<void> {
  const url = await wechatAuthUrl({
    redirectUri: wechatRedirectUri(),
    nonceHash: newNonce(WECHAT_NONCE_KEY),
    ...currentReferral(),
  });
  leaveFor(url, target);
}
