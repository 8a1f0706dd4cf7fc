// The 3-day trial (/getThreeDayVip): a signed-in user with no paid plan claims EXPERIENCE_DAYS of
// EXPERIENCE_PLAN once, ever. The claim row (experience_claims, keyed by user) is written in the
// same transaction as the membership, so concurrent claims grant once (the loser is 70060). A
// running sign-up trial is extended: the 3 days start at its end.
import { and, eq, gt, lte } from "drizzle-orm";
import { EXPERIENCE_DAYS, EXPERIENCE_PLAN } from "../../../../contract/commerce";
import type { Db } from "../../../db/client";
import { experienceClaims, memberships, type Membership } from "../../../db/schema";
import { grantMembership } from "../../accounts";
import { commerceError } from "../errors";
import { addDays } from "./calendar";
import { currentPaidPlan } from "./my-plan";

export interface ExperienceState {
  claimable: boolean;
  claimedAt: Date | null;
  reason: "claimed" | "paid_plan" | null;
}

export async function experienceState(db: Db, userId: number, now: Date): Promise<ExperienceState> {
  const [claim] = await db.select().from(experienceClaims).where(eq(experienceClaims.userId, userId));
  if (claim) return { claimable: false, claimedAt: claim.claimedAt, reason: "claimed" };
  if (await currentPaidPlan(db, userId, now)) return { claimable: false, claimedAt: null, reason: "paid_plan" };
  return { claimable: true, claimedAt: null, reason: null };
}

async function runningTrialEnd(tx: Db, userId: number, now: Date): Promise<Date | null> {
  const [trial] = await tx
    .select({ endsAt: memberships.endsAt })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.source, "trial"),
        lte(memberships.startsAt, now),
        gt(memberships.endsAt, now),
      ),
    );
  return trial?.endsAt ?? null;
}

export async function claimExperience(db: Db, userId: number, now: Date): Promise<Membership> {
  const state = await experienceState(db, userId, now);
  if (state.reason === "claimed") throw commerceError("EXPERIENCE_ALREADY_CLAIMED");
  if (state.reason === "paid_plan") throw commerceError("EXPERIENCE_NOT_ELIGIBLE");
  return db.transaction(async (tx) => {
    const startsAt = (await runningTrialEnd(tx, userId, now)) ?? now;
    const membership = await grantMembership(tx, {
      userId,
      plan: EXPERIENCE_PLAN,
      source: "experience",
      startsAt,
      endsAt: addDays(startsAt, EXPERIENCE_DAYS),
    });
    const [claimed] = await tx
      .insert(experienceClaims)
      .values({ userId, membershipId: membership.id, claimedAt: now })
      .onConflictDoNothing()
      .returning();
    // Another request claimed first: this transaction (and its membership) is rolled back.
    if (!claimed) throw commerceError("EXPERIENCE_ALREADY_CLAIMED");
    return membership;
  });
}
