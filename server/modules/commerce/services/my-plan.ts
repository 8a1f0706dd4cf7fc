// My Plan (/subscription): the user's current plan and until when it runs. The current period is
// the one the accounts module calls current (the best plan active now); its end is carried over
// every period of the same plan that starts by then (a renewal bought while the plan was active
// starts at its end), so "expires in N days" counts the renewal at once. Also the current *paid*
// plan (order, demo or invite periods: not a free trial, the 3-day trial nor a renewal's grace)
// that an upgrade carries and that the 3-day trial is refused for, and the time an upgrade carried.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  memberships,
  orders,
  PAID_MEMBERSHIP_SOURCES,
  type Membership,
  type MembershipSource,
} from "../../../db/schema";

const PAID_SOURCES: ReadonlySet<MembershipSource> = new Set(PAID_MEMBERSHIP_SOURCES);
import { activeMemberships } from "../../accounts";

export interface CurrentPlan {
  period: Membership;
  /** The end of the period and of the renewals that follow it without a gap. */
  runsUntil: Date;
}

async function runsUntil(db: Db, current: Membership, sources: readonly MembershipSource[] | null): Promise<Date> {
  const later = await db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, current.userId),
        eq(memberships.plan, current.plan),
        gt(memberships.endsAt, current.endsAt),
        sources ? inArray(memberships.source, [...sources]) : undefined,
      ),
    )
    .orderBy(asc(memberships.startsAt));
  let end = current.endsAt;
  for (const period of later) {
    if (period.startsAt > end) break;
    if (period.endsAt > end) end = period.endsAt;
  }
  return end;
}

export async function currentPlan(db: Db, userId: number, now: Date): Promise<CurrentPlan | null> {
  const [current] = await activeMemberships(db, userId, now);
  if (!current) return null;
  return { period: current, runsUntil: await runsUntil(db, current, null) };
}

/** The best paid plan running now and the end of its paid time; null when none runs. */
export async function currentPaidPlan(db: Db, userId: number, now: Date): Promise<CurrentPlan | null> {
  const current = (await activeMemberships(db, userId, now)).find((period) => PAID_SOURCES.has(period.source));
  if (!current) return null;
  return { period: current, runsUntil: await runsUntil(db, current, PAID_MEMBERSHIP_SOURCES) };
}

/** The time the order that granted `membershipId` carried over (an upgrade); 0 otherwise. */
export async function carriedMsOf(db: Db, membershipId: number): Promise<number> {
  const [order] = await db
    .select({ carriedMs: orders.carriedMs })
    .from(orders)
    .where(eq(orders.membershipId, membershipId));
  return order?.carriedMs ?? 0;
}
