// How marketing grants membership (an inviter's reward, an invitee's award, a campaign claim):
// `days` of a plan that start where the user's covered time ends, i.e. after every period that
// runs at `now` and every period queued without a gap behind it (an earlier reward), so the
// user's end date moves by exactly the granted days. Works inside a transaction.
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { memberships, type Membership, type MembershipSource, type Plan } from "../../../db/schema";
import { grantMembership } from "../../accounts";

export const DAY_MS = 24 * 60 * 60_000;

/** The end of the user's time covered without a gap from `now` (`now` for a user without a running period). */
export async function coveredUntil(db: Db, userId: number, now: Date): Promise<Date> {
  const periods = await db
    .select({ startsAt: memberships.startsAt, endsAt: memberships.endsAt })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), gt(memberships.endsAt, now)))
    .orderBy(asc(memberships.startsAt));
  let end = now;
  for (const period of periods) {
    if (period.startsAt > end) break;
    if (period.endsAt > end) end = period.endsAt;
  }
  return end;
}

export interface MarketingGrant {
  userId: number;
  plan: Plan;
  source: Extract<MembershipSource, "invite" | "activity">;
  days: number;
  now: Date;
}

/** Grants `days` of `plan` from the end of the user's covered time. */
export async function grantAfterCoverage(db: Db, grant: MarketingGrant): Promise<Membership> {
  const startsAt = await coveredUntil(db, grant.userId, grant.now);
  return grantMembership(db, {
    userId: grant.userId,
    plan: grant.plan,
    source: grant.source,
    startsAt,
    endsAt: new Date(startsAt.getTime() + grant.days * DAY_MS),
  });
}

/** Whole days a period lasts (a granted period is whole days long). */
export const periodDays = (period: Pick<Membership, "startsAt" | "endsAt">): number =>
  Math.round((period.endsAt.getTime() - period.startsAt.getTime()) / DAY_MS);
