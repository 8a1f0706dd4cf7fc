// Invite races on PostgreSQL (TEST_DATABASE_URL), where credits really run side by side: twenty
// concurrent credits of one invitee decide once (one reward row, one reward and one award
// period); ten invitees of one inviter signing up at once with a cap of 3 reward exactly three,
// whose periods queue behind each other so the inviter's end date moves by exactly 3 x 7 days.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inviteRewards } from "../../../server/db/schema";
import { coveredUntil } from "../../../server/modules/marketing/services/grants";
import { creditInvite } from "../../../server/modules/marketing/services/invites";
import { useThrowawayPostgres } from "../helpers/app";
import { testClock } from "../helpers/auth";
import { DAY_MS, marketingContext, newUser, originOf, periodsOf } from "./invites-harness";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("invite races on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);
  const clock = testClock(Date.parse("2026-04-01T00:00:00Z"));

  it("decides a reward once under 20 concurrent credits of one invitee", async () => {
    const { ctx, granted } = marketingContext(postgres.database, clock);
    const a = await newUser(postgres.database);
    const b = await newUser(postgres.database);
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        creditInvite(ctx, {
          userId: b.id,
          inviteCode: a.ownInviteCode,
          origin: originOf(`device-${i}`, `198.51.100.${i}`),
          now: clock.now(),
        }),
      ),
    );
    expect(decisions.filter((decision) => decision !== null)).toHaveLength(1);
    expect(
      await postgres.database.db.select().from(inviteRewards).where(eq(inviteRewards.inviteeId, b.id)),
    ).toHaveLength(1);
    expect(await periodsOf(postgres.database, a.id, "invite")).toHaveLength(1);
    expect(await periodsOf(postgres.database, b.id, "invite")).toHaveLength(1);
    expect(granted.sort()).toEqual([a.id, b.id].sort());
  });

  it("rewards exactly the cap under concurrent sign-ups of different invitees", async () => {
    const { ctx } = marketingContext(postgres.database, clock, { INVITE_REWARD_CAP: "3", INVITE_REWARD_DAYS: "7" });
    const a = await newUser(postgres.database);
    const invitees = await Promise.all(Array.from({ length: 10 }, () => newUser(postgres.database)));
    const before = await coveredUntil(postgres.database.db, a.id, clock.now());
    const decisions = await Promise.all(
      invitees.map((invitee, i) =>
        creditInvite(ctx, {
          userId: invitee.id,
          inviteCode: a.ownInviteCode,
          origin: originOf(`phone-${i}`, `203.0.113.${i}`),
          now: clock.now(),
        }),
      ),
    );
    const refusals = decisions.map((decision) => decision?.refusal);
    expect(refusals.filter((refusal) => refusal === null)).toHaveLength(3);
    expect(refusals.filter((refusal) => refusal === "cap")).toHaveLength(7);
    const rows = await postgres.database.db.select().from(inviteRewards).where(eq(inviteRewards.inviterId, a.id));
    expect(rows).toHaveLength(10);
    expect(await periodsOf(postgres.database, a.id, "invite")).toHaveLength(3);
    const after = await coveredUntil(postgres.database.db, a.id, clock.now());
    expect(after.getTime() - before.getTime()).toBe(3 * 7 * DAY_MS);
  });
});
