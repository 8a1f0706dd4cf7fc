// Sign-up as one unit of work: the account, its free 1-day Basic trial and the sign-up
// tracking event (with channel and invite code) are written in one transaction, so there is
// never an account without its trial; then the context's onUserRegistered hears of it (the
// marketing module credits the invite). Also Google account matching and linking, and the small
// parsers for the sign-up extras.
import { and, eq, isNull } from "drizzle-orm";
import type { GoogleIdentity } from "../../../adapters/google";
import type { Db } from "../../../db/client";
import { userEvents, users, type User } from "../../../db/schema";
import type { RequestOrigin } from "../../../lib/request-origin";
import { authError } from "../errors";
import type { AuthContext } from "./auth-context";
import { grantTrial } from "./memberships";
import { createUserIfNew, findUserByGoogleSub, findUserByLoginId, type NewUserFields } from "./users";

export const DEFAULT_CHANNEL_ID = 1;
const MAX_CHANNEL_ID = 2_147_483_647;

export type SignupMethod = "phone_code" | "email_code" | "google" | "wechat";

export interface Registration {
  user: Omit<NewUserFields, "channelId" | "inviteCode">;
  method: SignupMethod;
  channelId: number;
  inviteCode: string | null;
  /** The device and address the sign-up came from (the invite rules compare them). */
  origin: RequestOrigin;
  now: Date;
  /** Writes what belongs to the new account in the same transaction (the WeChat binding). */
  link?: (tx: Db, user: User) => Promise<void>;
}

export type SignUpContext = Pick<AuthContext, "db" | "onUserRegistered">;

/** Channel ids arrive as numbers or scene text; anything not a sane integer is the default channel. */
export function parseChannelId(raw: unknown): number {
  const value = typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= MAX_CHANNEL_ID
    ? value
    : DEFAULT_CHANNEL_ID;
}

export function cleanInviteCode(raw: string | undefined | null): string | null {
  const code = raw?.trim() ?? "";
  return code === "" ? null : code;
}

/** The new user, or null when the e-mail, phone or Google id already has an account. */
export async function registerUser(ctx: SignUpContext, registration: Registration): Promise<User | null> {
  const { channelId, inviteCode, method, now, origin, link } = registration;
  const created = await ctx.db.transaction(async (tx) => {
    const user = await createUserIfNew(tx, { ...registration.user, channelId, inviteCode });
    if (!user) return null;
    await grantTrial(tx, user.id, now);
    await link?.(tx, user);
    await tx.insert(userEvents).values({
      userId: user.id,
      event: "signup",
      payload: { method, channel_id: channelId, invite_code: inviteCode, system_id: user.systemId },
      createdAt: now,
    });
    return user;
  });
  if (created && ctx.onUserRegistered) await ctx.onUserRegistered({ userId: created.id, inviteCode, origin, now });
  return created;
}

export interface GoogleSignUp {
  channelId: number;
  inviteCode: string | null;
  origin: RequestOrigin;
  language: string;
  systemId: number;
  now: Date;
}

/**
 * The account for a verified Google identity: found by Google's `sub`; else the account with
 * the same e-mail, linked, when Google says the address is verified (ours are verified by code
 * at sign-up); else a new account. Throws ACCOUNT_EXISTS when the e-mail belongs to an account
 * already linked to a different Google id.
 */
export async function findOrCreateGoogleUser(
  ctx: SignUpContext,
  identity: GoogleIdentity,
  signUp: GoogleSignUp,
): Promise<{ user: User; isRegister: boolean }> {
  const { db } = ctx;
  const bySub = await findUserByGoogleSub(db, identity.sub);
  if (bySub) return { user: bySub, isRegister: false };

  if (identity.emailVerified && identity.email) {
    const byEmail = await findUserByLoginId(db, { kind: "email", value: identity.email });
    if (byEmail) {
      const linked = await linkGoogle(db, byEmail.id, identity.sub);
      if (linked) return { user: linked, isRegister: false };
      throw authError("ACCOUNT_EXISTS");
    }
  }

  const email = identity.emailVerified ? identity.email : null;
  const created = await registerUser(ctx, {
    user: {
      email,
      googleSub: identity.sub,
      nickName: (identity.name ?? email?.split("@")[0] ?? "Google user").slice(0, 64),
      language: signUp.language,
      systemId: signUp.systemId,
    },
    method: "google",
    channelId: signUp.channelId,
    inviteCode: signUp.inviteCode,
    origin: signUp.origin,
    now: signUp.now,
  });
  if (created) return { user: created, isRegister: true };
  // Lost a race with a concurrent sign-in of the same Google account.
  const winner = await findUserByGoogleSub(db, identity.sub);
  if (winner) return { user: winner, isRegister: false };
  throw authError("ACCOUNT_EXISTS");
}

async function linkGoogle(db: Db, userId: number, sub: string): Promise<User | null> {
  const [user] = await db
    .update(users)
    .set({ googleSub: sub })
    .where(and(eq(users.id, userId), isNull(users.googleSub)))
    .returning();
  return user ?? null;
}
