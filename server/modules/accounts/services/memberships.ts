// Membership periods: the free trial every new account gets, grants (demo, invite, orders
// later), and which plan is current. A user is a member while some period contains now; the
// best plan wins, then the one that lasts longest.
import { and, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { SIGN_UP_TRIAL_DAYS, SIGN_UP_TRIAL_PLAN } from "../../../../contract/commerce";
import type { Db } from "../../../db/client";
import {
  memberships,
  PAID_MEMBERSHIP_SOURCES,
  type Membership,
  type MembershipSource,
  type Plan,
} from "../../../db/schema";

const DAY_MS = 24 * 60 * 60_000;
export const TRIAL_PLAN: Plan = SIGN_UP_TRIAL_PLAN;
export const TRIAL_DURATION_MS = SIGN_UP_TRIAL_DAYS * DAY_MS;

export interface Grant {
  userId: number;
  plan: Plan;
  source: MembershipSource;
  startsAt: Date;
  endsAt: Date;
}

export async function grantMembership(db: Db, grant: Grant): Promise<Membership> {
  const [row] = await db.insert(memberships).values(grant).returning();
  return row;
}

export function grantTrial(db: Db, userId: number, now: Date): Promise<Membership> {
  return grantMembership(db, {
    userId,
    plan: TRIAL_PLAN,
    source: "trial",
    startsAt: now,
    endsAt: new Date(now.getTime() + TRIAL_DURATION_MS),
  });
}

const PLAN_RANK = sql`CASE ${memberships.plan} WHEN 'pro' THEN 3 WHEN 'premium' THEN 2 ELSE 1 END`;

/** Periods active at `now`, the current one first; empty for a free user. */
export function activeMemberships(db: Db, userId: number, now: Date): Promise<Membership[]> {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), lte(memberships.startsAt, now), gt(memberships.endsAt, now)))
    .orderBy(desc(PLAN_RANK), desc(memberships.endsAt));
}

/**
 * The end of the user's latest period at `now` that a purchase of `plan` extends: an order,
 * demo or invite period (not a free trial nor a renewal's grace) of the same or a better plan;
 * null when there is none.
 * Works inside a transaction (the settling transaction of a purchase).
 */
export async function extendablePeriodEnd(db: Db, userId: number, plan: Plan, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: sql<Date | null>`max(${memberships.endsAt})`.mapWith(memberships.endsAt) })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        gt(memberships.endsAt, now),
        inArray(memberships.source, [...PAID_MEMBERSHIP_SOURCES]),
        sql`${PLAN_RANK} >= CASE ${plan} WHEN 'pro' THEN 3 WHEN 'premium' THEN 2 ELSE 1 END`,
      ),
    );
  return row?.endsAt ?? null;
}

/**
 * Ends the user's periods of `sources` that run past `at` at `at` (one not started by then
 * becomes empty: it ends where it starts). An upgrade ends the older plan's periods now; a
 * failed renewal's expiry or a cancel ends its grace. Works inside a transaction.
 */
export async function endPeriodsAt(
  db: Db,
  userId: number,
  at: Date,
  sources: readonly MembershipSource[],
): Promise<number> {
  const ended = await db
    .update(memberships)
    .set({ endsAt: sql`greatest(${memberships.startsAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(memberships.userId, userId), gt(memberships.endsAt, at), inArray(memberships.source, [...sources])))
    .returning({ id: memberships.id });
  return ended.length;
}

/** Whole days left, rounded up (a period ending in 3 hours has 1 day to go). */
export function daysToEnd(endsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}
