// Invites and their rewards (docs/marketing.md "Invites"): each user's own invite code (made on
// first request for accounts older than the codes), and creditInvite, which decides once per
// invitee what a registration through a code earns. The invite_rewards row is keyed by the
// invitee, so repeated or concurrent credits decide once; the inviter's user row is locked while
// the rewarded invitees are counted, so the cap holds under concurrent sign-ups. Refused: the
// inviter themself, an invitee from a device or address the inviter used within a day
// (services/sightings.ts), an inviter at the cap. Rewarded: the inviter gets
// config.inviteRewardDays of inviteRewardPlan and the invitee inviteeAwardDays of
// inviteeAwardPlan, each after the time they already have (services/grants.ts). The cap limits
// the inviter's rewards only: an invitee past it still gets the award; the other refusals (the
// inviter's own account, device or address) give nobody anything.
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { InviteRefusal } from "../../../../contract/marketing";
import type { Db } from "../../../db/client";
import { inviteRewards, users } from "../../../db/schema";
import { newInviteCode, type UserRegistered } from "../../accounts";
import type { MarketingContext } from "../context";
import { grantAfterCoverage } from "./grants";
import { recordSighting, sameOriginAs } from "./sightings";

const MAX_INVITE_CODE_LENGTH = 64;
const CODE_ATTEMPTS = 3;

/** The user's own invite code; one is made (once, whoever asks first) when the account has none. */
export async function ownInviteCode(db: Db, userId: number): Promise<string> {
  let failure: Error | null = null;
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const [user] = await db.select({ code: users.ownInviteCode }).from(users).where(eq(users.id, userId));
    if (!user) throw new Error(`no user ${userId}`);
    if (user.code) return user.code;
    try {
      // Only where none is set yet: a concurrent request's code wins and is read next round.
      const [set] = await db
        .update(users)
        .set({ ownInviteCode: newInviteCode() })
        .where(and(eq(users.id, userId), isNull(users.ownInviteCode)))
        .returning({ code: users.ownInviteCode });
      if (set?.code) return set.code;
    } catch (error) {
      // Another account holds the drawn code (1 in 2^50): draw again.
      failure = error instanceof Error ? error : new Error(String(error));
    }
  }
  throw failure ?? new Error(`no invite code for user ${userId}`);
}

/**
 * The user whose own code `raw` is. Codes are made upper-case (accounts' newInviteCode), so a
 * code typed in lower case matches too; the unique index answers either way.
 */
export async function findInviter(db: Db, raw: string | null): Promise<number | null> {
  const code = raw?.trim() ?? "";
  if (code === "" || code.length > MAX_INVITE_CODE_LENGTH) return null;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.ownInviteCode, [...new Set([code, code.toUpperCase()])]))
    .limit(1);
  return user?.id ?? null;
}

/** How many invitees registered through the user's code, and how many earned a reward. */
export async function inviteCounts(db: Db, inviterId: number): Promise<{ invited: number; rewarded: number }> {
  const [row] = await db
    .select({
      invited: count(),
      rewarded: sql<number>`count(*) filter (where ${inviteRewards.refusal} is null)`.mapWith(Number),
    })
    .from(inviteRewards)
    .where(eq(inviteRewards.inviterId, inviterId));
  return { invited: row?.invited ?? 0, rewarded: row?.rewarded ?? 0 };
}

export interface InviteDecision {
  inviterId: number;
  refusal: InviteRefusal | null;
  inviterMembershipId: number | null;
  inviteeMembershipId: number | null;
}

/**
 * Credits a new account's invite code (after every sign-up); also records where the new user was
 * seen, so the invites they send compare against this device. Null when there was no valid code
 * or the invitee was decided before.
 */
export async function creditInvite(ctx: MarketingContext, event: UserRegistered): Promise<InviteDecision | null> {
  const inviterId = await findInviter(ctx.db, event.inviteCode);
  const decision = inviterId === null ? null : await decide(ctx, inviterId, event);
  await recordSighting(ctx.db, event.userId, event.origin, event.now);
  if (decision?.inviterMembershipId) ctx.onMembershipGranted(decision.inviterId);
  if (decision?.inviteeMembershipId) ctx.onMembershipGranted(event.userId);
  return decision;
}

async function refusalOf(
  tx: Db,
  ctx: MarketingContext,
  inviterId: number,
  event: UserRegistered,
): Promise<InviteRefusal | null> {
  if (inviterId === event.userId) return "self";
  const sameOrigin = await sameOriginAs(tx, inviterId, event.origin, event.now);
  if (sameOrigin) return sameOrigin;
  const { rewarded } = await inviteCounts(tx, inviterId);
  return rewarded >= ctx.config.inviteRewardCap ? "cap" : null;
}

function decide(ctx: MarketingContext, inviterId: number, event: UserRegistered): Promise<InviteDecision | null> {
  const { config } = ctx;
  const { userId: inviteeId, now } = event;
  return ctx.db.transaction(async (tx) => {
    // Concurrent sign-ups through one code wait here, so each counts the rewards before it.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, inviterId)).for("update");
    const refusal = await refusalOf(tx, ctx, inviterId, event);
    const [row] = await tx
      .insert(inviteRewards)
      .values({ inviteeId, inviterId, refusal, createdAt: now })
      .onConflictDoNothing()
      .returning({ inviteeId: inviteRewards.inviteeId });
    if (!row) return null;
    if (refusal && refusal !== "cap")
      return { inviterId, refusal, inviterMembershipId: null, inviteeMembershipId: null };
    const reward =
      refusal === "cap"
        ? null
        : await grantAfterCoverage(tx, {
            userId: inviterId,
            plan: config.inviteRewardPlan,
            source: "invite",
            days: config.inviteRewardDays,
            now,
          });
    const award =
      config.inviteeAwardDays > 0
        ? await grantAfterCoverage(tx, {
            userId: inviteeId,
            plan: config.inviteeAwardPlan,
            source: "invite",
            days: config.inviteeAwardDays,
            now,
          })
        : null;
    await tx
      .update(inviteRewards)
      .set({ inviterMembershipId: reward?.id ?? null, inviteeMembershipId: award?.id ?? null })
      .where(eq(inviteRewards.inviteeId, inviteeId));
    return { inviterId, refusal, inviterMembershipId: reward?.id ?? null, inviteeMembershipId: award?.id ?? null };
  });
}
