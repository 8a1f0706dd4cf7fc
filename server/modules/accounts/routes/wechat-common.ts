// What the WeChat route files share: the hook that answers WECHAT_NOT_CONFIGURED before anything
// else while WECHAT_APP_ID is unset, the request shapes (WeChat codes, our tickets, the spec's
// auth_source), the answer of a WeChat sign-in (getWxOpenId and web OAuth: is_register, the
// account ticket as code2SessionResp.openid, and login data when the account is bound), the last
// step of both flows (register or bind the ticket's WeChat account by a proven phone, then sign
// in), and the phone number WeChat vouched for (mainland numbers only, as every Chinese-edition
// account).
import { Type, type Static } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authError } from "../errors";
import { Text, UserInfo } from "../schemas";
import type { WechatIdentity, WechatPhone } from "../adapters/wechat";
import type { AuthContext } from "../services/auth-context";
import { parsePhone } from "../services/login-ids";
import { parseChannelId } from "../services/accounts";
import { findWechatUser, registerOrBindWechat } from "../services/wechat-accounts";
import type { Referral } from "../services/wechat-tickets";
import { requestOrigin } from "../../../lib/request-origin";
import { startSession } from "./login-data";

export type Wechat = NonNullable<AuthContext["wechat"]>;

/** Login and phone codes from WeChat (js_code is 32 characters, phone codes 64 hex). */
export const WechatCode = Type.String({ minLength: 1, maxLength: 256, pattern: "^[A-Za-z0-9_-]+$" });
/** Our signed tickets (services/wechat-tickets.ts). */
export const Ticket = Type.String({ minLength: 1, maxLength: 2048, pattern: "^[A-Za-z0-9_.-]+$" });
/** The spec's auth_source ('wechat_app' from the mini program); accepted, not needed. */
export const AuthSource = Text(32);

export function wechatOf(ctx: AuthContext): Wechat {
  if (!ctx.wechat) throw authError("WECHAT_NOT_CONFIGURED");
  return ctx.wechat;
}

/** Every route of the plugin answers WECHAT_NOT_CONFIGURED without keys, before validation or login. */
export function requireWechat(app: FastifyInstance, ctx: AuthContext): void {
  app.addHook("onRequest", async () => void wechatOf(ctx));
}

export const WechatLogin = Type.Object({
  /** true: this WeChat account already has an account, signed in below; false: bind a phone first. */
  is_register: Type.Boolean(),
  /** `openid` is a signed 10-minute ticket naming the WeChat account (send it back as open_id). */
  code2_session_resp: Type.Object({ openid: Type.String() }),
  token: Type.Optional(Type.String()),
  expires: Type.Optional(Type.Integer()),
  nick_name: Type.Optional(Type.String()),
  user_info: Type.Optional(UserInfo),
});

export async function wechatLogin(
  ctx: AuthContext,
  wechat: Wechat,
  request: FastifyRequest,
  identity: WechatIdentity,
  referral: Referral,
): Promise<Static<typeof WechatLogin>> {
  const code2SessionResp = { openid: await wechat.tickets.account(identity, referral, ctx.now()) };
  const user = await findWechatUser(ctx.db, identity);
  if (!user) return { is_register: false, code2_session_resp: code2SessionResp };
  const login = await startSession(ctx, request, user, false);
  return { ...login, is_register: true, code2_session_resp: code2SessionResp };
}

/**
 * Registers or binds the WeChat account of an account ticket (read from the `open_id` the client
 * sends back) to `phone`, already proven (by WeChat's phone ticket or an SMS code), then signs in.
 */
export async function signInWithProvenPhone(
  ctx: AuthContext,
  request: FastifyRequest,
  { identity, referral }: { identity: WechatIdentity; referral: Referral },
  phone: string,
  now: Date,
) {
  const { user, isRegister } = await registerOrBindWechat(ctx, identity, phone, {
    inviteCode: referral.inviteCode,
    channelId: referral.channelId ?? parseChannelId(undefined),
    origin: requestOrigin(request),
    now,
  });
  return startSession(ctx, request, user, isRegister);
}

/** The mainland number of WeChat's answer; INVALID_PHONE for other countries. */
export function mainlandPhone(phone: WechatPhone): string {
  if (phone.countryCode !== "86") throw authError("INVALID_PHONE");
  return parsePhone(phone.purePhoneNumber);
}
