// Short-lived signed tickets (HS256 JWTs, a key derived for WeChat alone) that carry what WeChat
// proved from one call of the flow to the next, so no later call takes the client's word for it:
// the WeChat account (handed out as the spec's `openid`, then sent back to register or bind), a
// phone number WeChat vouched for (the phone code), and the web OAuth `state` (redirect URI,
// invite, channel and the browser's nonce hash, read as `nh` by the app like Google's state).
// Each kind has its own audience, so one cannot stand in for another; all last 10 minutes.
import { jwtVerify, SignJWT, type JWTPayload } from "jose";
import { authError } from "../errors";
import type { WechatIdentity } from "../adapters/wechat";

export const TICKET_TTL_SECONDS = 600;

export interface Referral {
  inviteCode: string | null;
  channelId: number | null;
}

export interface WechatState extends Referral {
  redirectUri: string;
  nonceHash: string;
}

export interface WechatTickets {
  account: (identity: WechatIdentity, referral: Referral, now: Date) => Promise<string>;
  readAccount: (ticket: string, now: Date) => Promise<{ identity: WechatIdentity; referral: Referral }>;
  phone: (phone: string, now: Date) => Promise<string>;
  readPhone: (ticket: string, now: Date) => Promise<string>;
  state: (state: WechatState, now: Date) => Promise<string>;
  /** Throws WECHAT_TICKET_INVALID for a forged, expired or other-kind state. */
  readState: (ticket: string, now: Date) => Promise<WechatState>;
}

const AUDIENCES = {
  account: "shopradar:wechat-account",
  phone: "shopradar:wechat-phone",
  state: "shopradar:wechat-state",
} as const;

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const channel = (value: unknown) => (typeof value === "number" ? value : null);

export function createWechatTickets(secret: Uint8Array): WechatTickets {
  const sign = (kind: keyof typeof AUDIENCES, claims: JWTPayload, now: Date) => {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setAudience(AUDIENCES[kind])
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TICKET_TTL_SECONDS)
      .sign(secret);
  };
  const read = async (kind: keyof typeof AUDIENCES, ticket: string, now: Date): Promise<JWTPayload> => {
    try {
      const { payload } = await jwtVerify(ticket, secret, {
        algorithms: ["HS256"],
        audience: AUDIENCES[kind],
        currentDate: now,
      });
      return payload;
    } catch {
      throw authError("WECHAT_TICKET_INVALID");
    }
  };
  const required = (value: string | null): string => {
    if (value === null) throw authError("WECHAT_TICKET_INVALID");
    return value;
  };

  return {
    account: ({ appId, openid, unionid, nickname }, { inviteCode, channelId }, now) =>
      sign("account", { app: appId, oid: openid, uid: unionid, nn: nickname, ic: inviteCode, cid: channelId }, now),

    async readAccount(ticket, now) {
      const claims = await read("account", ticket, now);
      return {
        identity: {
          appId: required(text(claims.app)),
          openid: required(text(claims.oid)),
          unionid: text(claims.uid),
          nickname: text(claims.nn),
        },
        referral: { inviteCode: text(claims.ic), channelId: channel(claims.cid) },
      };
    },

    phone: (phone, now) => sign("phone", { ph: phone }, now),

    readPhone: async (ticket, now) => required(text((await read("phone", ticket, now)).ph)),

    state: ({ redirectUri, inviteCode, channelId, nonceHash }, now) =>
      sign("state", { ru: redirectUri, ic: inviteCode, cid: channelId, nh: nonceHash }, now),

    async readState(ticket, now) {
      const claims = await read("state", ticket, now);
      return {
        redirectUri: required(text(claims.ru)),
        nonceHash: required(text(claims.nh)),
        inviteCode: text(claims.ic),
        channelId: channel(claims.cid),
      };
    },
  };
}
