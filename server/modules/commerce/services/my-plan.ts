// My Plan (/subscription): the user's current plan and until when it runs. The current period is
// the one the accounts module calls current (the best plan active now); its end is carried over
// every period of the same plan that starts by then (a renewal bought while the plan was active
// starts at its end), so "expires in N days" counts the renewal at once.
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { memberships, type Membership } from "../../../db/schema";
import { activeMemberships } from "../../accounts";

export interface CurrentPlan {
  period: Membership;
  /** The end of the period and of the renewals that follow it without a gap. */
  runsUntil: Date;
}

export async function currentPlan(db: Db, userId: number, now: Date): Promise<CurrentPlan | null> {
  const [current] = await activeMemberships(db, userId, now);
  if (!current) return null;
  const later = await db
    .select()
    .from(memberships)
    .where(
      and(eq(memberships.userId, userId), eq(memberships.plan, current.plan), gt(memberships.endsAt, current.endsAt)),
    )
    .orderBy(asc(memberships.startsAt));
  let runsUntil = current.endsAt;
  for (const period of later) {
    if (period.startsAt > runsUntil) break;
    if (period.endsAt > runsUntil) runsUntil = period.endsAt;
  }
  return { period: current, runsUntil };
}
