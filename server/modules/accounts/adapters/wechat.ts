// WeChat's server APIs, as the accounts module uses them: the mini program's login code
// (sns/jscode2session) and phone code (wxa/business/getuserphonenumber, with the app's
// cgi-bin/token access token, cached until shortly before it expires and fetched again once when
// WeChat calls it invalid), and the web OAuth of pages opened in WeChat's browser (the
// authorize URL, sns/oauth2/access_token, sns/userinfo). WeChat answers HTTP 200 with
// {errcode, errmsg}: invalid or used codes (40029, 40163) become WECHAT_CODE_INVALID, its rate
// limit (45011) WECHAT_RATE_LIMITED, and anything else (-1 busy, network, 5xx) WECHAT_UNAVAILABLE,
// so a caller never sees a 500. Null when WECHAT_APP_ID is unset (routes say "not configured").
// Codes, openids, tokens and phone numbers are never logged here.
import type { Config } from "../../../config";
import type { Clock } from "../../../lib/clock";
import { authError } from "../errors";

const HTTP_TIMEOUT_MS = 10_000;
/** Fetch a new access token this long before WeChat's expiry (expires_in, usually 7200 s). */
const TOKEN_MARGIN_MS = 5 * 60_000;
const INVALID_CODE = new Set([40029, 40163, 40018]);
const RATE_LIMITED = 45011;
/** The cached access token was revoked or expired early (another server fetched a new one). */
const STALE_TOKEN = new Set([40001, 40014, 42001]);
const MAX_NICKNAME = 64;

export interface WechatApp {
  appId: string;
  secret: string;
}

/** Who signed in: an openid is per app; the unionid, when WeChat gives one, spans the open platform. */
export interface WechatIdentity {
  appId: string;
  openid: string;
  unionid: string | null;
  nickname: string | null;
}

export interface WechatPhone {
  /** Without the country code, as WeChat's purePhoneNumber. */
  purePhoneNumber: string;
  countryCode: string;
}

export interface WechatApi {
  /** The mini program (code2Session, phone codes). */
  mini: WechatApp;
  /** The official account of web OAuth (the mini program's pair unless configured apart). */
  web: WechatApp;
  code2Session: (code: string) => Promise<WechatIdentity>;
  phoneNumber: (code: string) => Promise<WechatPhone>;
  authorizationUrl: (redirectUri: string, state: string) => string;
  /** Trades a web OAuth code for the user's openid (and unionid and nickname, by sns/userinfo). */
  webSignIn: (code: string) => Promise<WechatIdentity>;
}

type WechatConfig = Pick<
  Config,
  "wechatAppId" | "wechatAppSecret" | "wechatWebAppId" | "wechatWebAppSecret" | "wechatApiBase" | "wechatAuthorizeUrl"
>;

type Body = Record<string, unknown>;

class WechatFailure extends Error {
  constructor(readonly errcode: number) {
    super(`WeChat errcode ${errcode}`);
  }
}

function domainErrorOf(error: unknown) {
  if (!(error instanceof WechatFailure)) return authError("WECHAT_UNAVAILABLE");
  if (INVALID_CODE.has(error.errcode)) return authError("WECHAT_CODE_INVALID");
  if (error.errcode === RATE_LIMITED) return authError("WECHAT_RATE_LIMITED");
  return authError("WECHAT_UNAVAILABLE");
}

/** One call; a non-zero errcode throws WechatFailure, transport trouble a plain Error. */
async function call(url: URL, init: RequestInit = {}): Promise<Body> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`WeChat answered HTTP ${response.status}`);
  // jscode2session answers text/plain; parse the text whatever the content type says.
  const body: unknown = JSON.parse(await response.text());
  if (typeof body !== "object" || body === null) throw new Error("WeChat answered no object");
  const errcode = (body as Body).errcode;
  if (typeof errcode === "number" && errcode !== 0) throw new WechatFailure(errcode);
  return body as Body;
}

const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const MAX_ID = 128;
const idOf = (value: unknown): string | null => {
  const id = str(value);
  return id && id.length <= MAX_ID ? id : null;
};

function identityOf(appId: string, body: Body): WechatIdentity {
  const openid = idOf(body.openid);
  if (!openid) throw new Error("WeChat answered without an openid");
  return { appId, openid, unionid: idOf(body.unionid), nickname: null };
}

export function createWechatApi(config: WechatConfig, now: Clock): WechatApi | null {
  if (!config.wechatAppId || !config.wechatAppSecret) return null;
  const mini = { appId: config.wechatAppId, secret: config.wechatAppSecret };
  const web =
    config.wechatWebAppId && config.wechatWebAppSecret
      ? { appId: config.wechatWebAppId, secret: config.wechatWebAppSecret }
      : mini;
  const endpoint = (path: string, query: Record<string, string>) => {
    const url = new URL(path, config.wechatApiBase);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  };
  /** Maps every failure to our errors, so no route answers 500 for WeChat's trouble. */
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw domainErrorOf(error);
    }
  };

  let token: { value: Promise<string>; expiresAt: number } | null = null;
  function accessToken(): Promise<string> {
    if (token && token.expiresAt > now().getTime()) return token.value;
    const value = call(
      endpoint("/cgi-bin/token", { grant_type: "client_credential", appid: mini.appId, secret: mini.secret }),
    ).then((body) => {
      const accessTokenValue = str(body.access_token);
      if (!accessTokenValue) throw new Error("WeChat answered without an access token");
      const ttlMs = (typeof body.expires_in === "number" ? body.expires_in : 7200) * 1000;
      if (token?.value === value) token.expiresAt = now().getTime() + ttlMs - TOKEN_MARGIN_MS;
      return accessTokenValue;
    });
    // Concurrent callers share one fetch; a failed one is not kept.
    token = { value, expiresAt: Number.POSITIVE_INFINITY };
    value.catch(() => {
      if (token?.value === value) token = null;
    });
    return value;
  }

  async function requestPhone(code: string): Promise<Body> {
    const url = endpoint("/wxa/business/getuserphonenumber", { access_token: await accessToken() });
    return call(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code }),
    });
  }

  return {
    mini,
    web,

    code2Session: (code) =>
      guarded(async () => {
        const query = { appid: mini.appId, secret: mini.secret, js_code: code, grant_type: "authorization_code" };
        return identityOf(mini.appId, await call(endpoint("/sns/jscode2session", query)));
      }),

    phoneNumber: (code) =>
      guarded(async () => {
        let body: Body;
        try {
          body = await requestPhone(code);
        } catch (error) {
          if (!(error instanceof WechatFailure) || !STALE_TOKEN.has(error.errcode)) throw error;
          token = null;
          body = await requestPhone(code);
        }
        const info = body.phone_info as Body | undefined;
        const purePhoneNumber = str(info?.purePhoneNumber);
        if (!purePhoneNumber) throw new Error("WeChat answered without a phone number");
        // Documented as a string, sometimes sent as a number.
        const countryCode = info?.countryCode;
        const country = typeof countryCode === "number" ? String(countryCode) : (str(countryCode) ?? "86");
        return { purePhoneNumber, countryCode: country };
      }),

    authorizationUrl(redirectUri, state) {
      const url = new URL(config.wechatAuthorizeUrl);
      url.searchParams.set("appid", web.appId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", "snsapi_userinfo");
      url.searchParams.set("state", state);
      url.hash = "wechat_redirect";
      return url.toString();
    },

    webSignIn: (code) =>
      guarded(async () => {
        const query = { appid: web.appId, secret: web.secret, code, grant_type: "authorization_code" };
        const grant = await call(endpoint("/sns/oauth2/access_token", query));
        const identity = identityOf(web.appId, grant);
        const accessTokenValue = str(grant.access_token);
        if (!accessTokenValue) return identity;
        // The nickname (and unionid) come from sns/userinfo; a failure there still signs in.
        const profile = await call(
          endpoint("/sns/userinfo", { access_token: accessTokenValue, openid: identity.openid, lang: "zh_CN" }),
        ).catch(() => null);
        if (!profile) return identity;
        const nickname = str(profile.nickname)?.slice(0, MAX_NICKNAME) ?? null;
        return { ...identity, unionid: identity.unionid ?? idOf(profile.unionid), nickname };
      }),
  };
}
