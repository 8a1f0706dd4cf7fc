// What the invite pages list: an inviter's invitees, newest first, each with the masked account,
// the time they registered and what the inviter got for them (invite-pick-records); and, for an
// invitee, who invited them and the award they got (invitee-award).
import { alias } from "drizzle-orm/pg-core";
import { desc, eq } from "drizzle-orm";
import type { InviteRefusal } from "../../../../contract/marketing";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { inviteRewards, memberships, users, type Plan } from "../../../db/schema";
import { maskAccount } from "../../../../contract/mask";
import { periodDays } from "./grants";
import { inviteCounts } from "./invites";

export interface InviteRecord {
  invitee: string;
  registeredAt: Date;
  refusal: InviteRefusal | null;
  /** The inviter's reward (null and 0 when refused). */
  plan: Plan | null;
  days: number;
}

const account = { email: users.email, phone: users.phone, nickName: users.nickName };

export async function inviteRecords(
  db: Db,
  inviterId: number,
  page: number,
  size: number,
): Promise<{ total: number; list: InviteRecord[] }> {
  const rows = await db
    .select({ ...account, reward: inviteRewards, period: memberships })
    .from(inviteRewards)
    .innerJoin(users, eq(users.id, inviteRewards.inviteeId))
    .leftJoin(memberships, eq(memberships.id, inviteRewards.inviterMembershipId))
    .where(eq(inviteRewards.inviterId, inviterId))
    .orderBy(desc(inviteRewards.createdAt), desc(inviteRewards.inviteeId))
    .limit(size)
    .offset((page - 1) * size);
  const { invited } = await inviteCounts(db, inviterId);
  return {
    total: invited,
    list: rows.map((row) => ({
      invitee: maskAccount(row),
      registeredAt: row.reward.createdAt,
      refusal: row.reward.refusal,
      plan: row.period?.plan ?? null,
      days: row.period ? periodDays(row.period) : 0,
    })),
  };
}

export interface InviteeAward {
  inviter: string;
  plan: Plan;
  days: number;
  startsAt: Date | null;
  endsAt: Date | null;
  refusal: InviteRefusal | null;
}

const inviters = alias(users, "inviters");

/** The award of a user who registered through an invite code; null when they did not. */
export async function inviteeAward(
  db: Db,
  config: Readonly<Pick<Config, "inviteeAwardPlan">>,
  inviteeId: number,
): Promise<InviteeAward | null> {
  const [row] = await db
    .select({
      inviter: { email: inviters.email, phone: inviters.phone, nickName: inviters.nickName },
      refusal: inviteRewards.refusal,
      period: memberships,
    })
    .from(inviteRewards)
    .innerJoin(inviters, eq(inviters.id, inviteRewards.inviterId))
    .leftJoin(memberships, eq(memberships.id, inviteRewards.inviteeMembershipId))
    .where(eq(inviteRewards.inviteeId, inviteeId));
  if (!row) return null;
  return {
    inviter: maskAccount(row.inviter),
    plan: row.period?.plan ?? config.inviteeAwardPlan,
    days: row.period ? periodDays(row.period) : 0,
    startsAt: row.period?.startsAt ?? null,
    endsAt: row.period?.endsAt ?? null,
    refusal: row.refusal,
  };
}
