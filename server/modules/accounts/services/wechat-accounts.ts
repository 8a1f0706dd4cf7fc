// WeChat accounts bound to users (the wechat_accounts table): finding the user of a WeChat
// identity (by this app's openid, else by the unionid another app of the same open platform
// bound, which then binds this openid too), register-or-bind by a phone number the person
// proved (WeChat's phone code or an SMS code), and setting a signed-in user's phone. The unique
// constraints decide races: two concurrent sign-ins of one openid bind it once.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users, wechatAccounts, type User } from "../../../db/schema";
import type { RequestOrigin } from "../../../lib/request-origin";
import { maskPhone } from "../../../../contract/mask";
import type { WechatIdentity } from "../adapters/wechat";
import { authError } from "../errors";
import { registerUser, type SignUpContext } from "./accounts";
import { findUserById, findUserByLoginId } from "./users";

export interface WechatSignUp {
  channelId: number;
  inviteCode: string | null;
  origin: RequestOrigin;
  now: Date;
}

async function boundUserId(db: Db, appId: string, openid: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: wechatAccounts.userId })
    .from(wechatAccounts)
    .where(and(eq(wechatAccounts.appId, appId), eq(wechatAccounts.openid, openid)));
  return row?.userId ?? null;
}

/** Binds the identity to the user; WECHAT_ALREADY_BOUND when either side is bound elsewhere. */
async function bind(db: Db, user: User, identity: WechatIdentity): Promise<void> {
  const [row] = await db
    .insert(wechatAccounts)
    .values({ userId: user.id, appId: identity.appId, openid: identity.openid, unionid: identity.unionid })
    .onConflictDoNothing()
    .returning({ id: wechatAccounts.id });
  if (row) return;
  // A conflict: fine when this very binding exists (a concurrent request made it).
  if ((await boundUserId(db, identity.appId, identity.openid)) !== user.id) throw authError("WECHAT_ALREADY_BOUND");
}

/** The user this WeChat account signs in as, or null when it is bound to none yet. */
export async function findWechatUser(db: Db, identity: WechatIdentity): Promise<User | null> {
  const userId = await boundUserId(db, identity.appId, identity.openid);
  if (userId !== null) return findUserById(db, userId);
  if (identity.unionid === null) return null;
  // The same person through another app of the open platform: bind this app's openid too.
  const [sibling] = await db
    .select({ userId: wechatAccounts.userId })
    .from(wechatAccounts)
    .where(eq(wechatAccounts.unionid, identity.unionid))
    .limit(1);
  const user = sibling ? await findUserById(db, sibling.userId) : null;
  if (!user) return null;
  await bind(db, user, identity);
  return user;
}

/**
 * Register-or-bind once the phone is proved: the user already bound to this WeChat account;
 * else the account of that phone, bound now; else a new account (phone, WeChat binding, trial
 * and sign-up event in one transaction). isRegister is true only for a new account.
 */
export async function registerOrBindWechat(
  ctx: SignUpContext,
  identity: WechatIdentity,
  phone: string,
  signUp: WechatSignUp,
): Promise<{ user: User; isRegister: boolean }> {
  const { db } = ctx;
  const bound = await findWechatUser(db, identity);
  if (bound) return { user: bound, isRegister: false };
  const loginId = { kind: "phone" as const, value: phone };
  const existing = await findUserByLoginId(db, loginId);
  if (existing) {
    await bind(db, existing, identity);
    return { user: existing, isRegister: false };
  }
  const created = await registerUser(ctx, {
    user: { phone, nickName: identity.nickname ?? maskPhone(phone), language: "zh", systemId: 13 },
    method: "wechat",
    ...signUp,
    link: (tx, user) => bind(tx, user, identity),
  });
  if (created) return { user: created, isRegister: true };
  // A concurrent request registered this phone (or bound this WeChat account) a moment ago.
  const winner = (await findWechatUser(db, identity)) ?? (await findUserByLoginId(db, loginId));
  if (!winner) throw authError("WECHAT_ALREADY_BOUND");
  await bind(db, winner, identity);
  return { user: winner, isRegister: false };
}

/** Sets a signed-in user's phone to one WeChat vouched for; PHONE_TAKEN when another account has it. */
export async function setVerifiedPhone(db: Db, user: User, phone: string): Promise<void> {
  if (user.phone === phone) return;
  const holder = await findUserByLoginId(db, { kind: "phone", value: phone });
  if (holder) throw authError("PHONE_TAKEN");
  await db.update(users).set({ phone }).where(eq(users.id, user.id));
}

/** Whether the user has any WeChat account bound. */
export async function hasWechatBinding(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: wechatAccounts.id })
    .from(wechatAccounts)
    .where(eq(wechatAccounts.userId, userId))
    .limit(1);
  return row !== undefined;
}
