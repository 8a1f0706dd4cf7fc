// Claiming an activity code (GET receive/{code}): `days` of the code's plan, once per user and
// campaign, only while the campaign runs and while the code has claims left. The code's row is
// locked while the claim is decided and its counter moved, so its limit is exact; the claim row
// (keyed by campaign and user) is written in the same transaction as the membership, so of
// concurrent claims one grants and the others are refused (71013).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { activityClaims, activityCodes, campaigns, memberships, type Membership } from "../../../db/schema";
import type { MarketingContext } from "../context";
import { marketingError } from "../errors";
import { campaignStatus, normalizeActivityCode } from "./campaigns";
import { grantAfterCoverage } from "./grants";

export interface ClaimRequest {
  userId: number;
  code: string;
  systemId: number;
  now: Date;
}

export async function claimActivity(ctx: MarketingContext, request: ClaimRequest): Promise<Membership> {
  const { userId, now } = request;
  const code = normalizeActivityCode(request.code);
  const membership = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ code: activityCodes, campaign: campaigns })
      .from(activityCodes)
      .innerJoin(campaigns, eq(campaigns.id, activityCodes.campaignId))
      .where(eq(activityCodes.code, code))
      .for("update", { of: activityCodes });
    if (!row || (row.campaign.systemId !== null && row.campaign.systemId !== request.systemId))
      throw marketingError("ACTIVITY_NOT_FOUND");
    const status = campaignStatus(row.campaign, now);
    if (status === "not_started") throw marketingError("ACTIVITY_NOT_STARTED");
    if (status === "ended") throw marketingError("ACTIVITY_ENDED");
    if (await claimOf(tx, row.campaign.id, userId)) throw marketingError("ACTIVITY_ALREADY_CLAIMED");
    if (row.code.totalLimit !== null && row.code.claimed >= row.code.totalLimit)
      throw marketingError("ACTIVITY_SOLD_OUT");
    const granted = await grantAfterCoverage(tx, {
      userId,
      plan: row.code.plan,
      source: "activity",
      days: row.code.days,
      now,
    });
    const [claimed] = await tx
      .insert(activityClaims)
      .values({ campaignId: row.campaign.id, userId, code, membershipId: granted.id, claimedAt: now })
      .onConflictDoNothing()
      .returning();
    // A claim of another code of this campaign committed first: this one is rolled back.
    if (!claimed) throw marketingError("ACTIVITY_ALREADY_CLAIMED");
    await tx
      .update(activityCodes)
      .set({ claimed: sql`${activityCodes.claimed} + 1` })
      .where(eq(activityCodes.code, code));
    return granted;
  });
  ctx.onMembershipGranted(userId);
  return membership;
}

export interface ClaimState {
  claimedAt: Date;
  /** The end of the period the claim granted. */
  endsAt: Date;
}

/** The user's claim in the campaign, or null. */
export async function claimOf(db: Db, campaignId: number, userId: number): Promise<ClaimState | null> {
  const [row] = await db
    .select({ claimedAt: activityClaims.claimedAt, endsAt: memberships.endsAt })
    .from(activityClaims)
    .innerJoin(memberships, eq(memberships.id, activityClaims.membershipId))
    .where(and(eq(activityClaims.campaignId, campaignId), eq(activityClaims.userId, userId)));
  return row ?? null;
}
