// Invites (docs/marketing.md "Invites"), on PGlite. The services directly: a reward is decided
// once per invitee; self-invites and invitees from a device or address the inviter used within a
// day earn nobody anything, past the cap only the inviter goes without (a sighting older than a day, or loopback with no address,
// never matches); the inviter's end date moves by exactly the reward days, also for rewards queued
// behind each other; the invitee's award starts after their sign-up trial; codes match in any case;
// sightings are written once per hour. The routes through app.inject: 401 without a session, 400
// for bad paging, the invite code (made for accounts without one, the same under concurrent asks),
// the share link, the public offer, the records newest first with masked invitees, the invitee's
// award, and the loop a person goes through: A opens the invite page, B registers with A's code
// (rewarded), C registers from A's address (refused), B registering again rewards nothing more.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { inviteRewards, memberships, userSightings, users } from "../../../server/db/schema";
import { maskAccount } from "../../../contract/mask";
import { coveredUntil } from "../../../server/modules/marketing/services/grants";
import { creditInvite, findInviter } from "../../../server/modules/marketing/services/invites";
import { recordSighting } from "../../../server/modules/marketing/services/sightings";
import { buildTestApp, openTestApp } from "../helpers/app";
import { AuthClient, testClock, uniqueEmail } from "../helpers/auth";
import {
  DAY_MS,
  HOUR_MS,
  MarketingClient,
  marketingContext,
  newUser,
  originOf,
  periodsOf,
  tokenOf,
  type TestMarketing,
} from "./invites-harness";

const BASE = "/v1/user/charge/marketing";
const clock = testClock(Date.parse("2026-03-01T08:00:00Z"));
let database: Database;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let client: MarketingClient;
let auth: AuthClient;
let marketing: TestMarketing;

beforeAll(async () => {
  ({ database, app } = await openTestApp({ now: clock.now, env: { DEMO_DATA_ON_START: "never" } }));
  client = new MarketingClient(app);
  auth = new AuthClient(app);
  marketing = marketingContext(database, clock);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const NOBODY = originOf(null, null);
const registered = (userId: number, inviteCode: string | null, origin = NOBODY) =>
  creditInvite(marketing.ctx, { userId, inviteCode, origin, now: clock.now() });

async function inviter() {
  const user = await newUser(database);
  return { user, code: user.ownInviteCode! };
}

const rewardRow = async (inviteeId: number) =>
  (await database.db.select().from(inviteRewards).where(eq(inviteRewards.inviteeId, inviteeId)))[0];

describe("creditInvite", () => {
  it("rewards the inviter with 7 days of Basic after their time and gives the invitee the award after the trial", async () => {
    const { user: a, code } = await inviter();
    // A has a running period (as the sign-up trial would be).
    await database.db.insert(memberships).values({
      userId: a.id,
      plan: "basic",
      source: "trial",
      startsAt: clock.now(),
      endsAt: new Date(clock.now().getTime() + DAY_MS),
    });
    const before = await coveredUntil(database.db, a.id, clock.now());
    const b = await newUser(database);
    await database.db.insert(memberships).values({
      userId: b.id,
      plan: "basic",
      source: "trial",
      startsAt: clock.now(),
      endsAt: new Date(clock.now().getTime() + DAY_MS),
    });
    marketing.granted.length = 0;
    const decision = await registered(b.id, code, originOf("device-b", "198.51.100.20"));
    expect(decision).toMatchObject({ inviterId: a.id, refusal: null });
    const after = await coveredUntil(database.db, a.id, clock.now());
    expect(after.getTime() - before.getTime()).toBe(7 * DAY_MS);
    const [reward] = await periodsOf(database, a.id, "invite");
    expect(reward).toMatchObject({ plan: "basic", startsAt: before, endsAt: after });
    const [award] = await periodsOf(database, b.id, "invite");
    // The default award: 7 days of Basic (INVITEE_AWARD_*), after the invitee's 1-day trial.
    expect(award.startsAt.getTime()).toBe(clock.now().getTime() + DAY_MS);
    expect(award.endsAt.getTime() - award.startsAt.getTime()).toBe(marketing.ctx.config.inviteeAwardDays * DAY_MS);
    expect(await rewardRow(b.id)).toMatchObject({
      inviterId: a.id,
      refusal: null,
      inviterMembershipId: reward.id,
      inviteeMembershipId: award.id,
    });
    expect(marketing.granted.sort()).toEqual([a.id, b.id].sort());

    // A second invitee: the reward queues behind the first, so the end moves 7 more days.
    const c = await newUser(database);
    await registered(c.id, code.toLowerCase(), originOf("device-c", "198.51.100.21"));
    expect((await coveredUntil(database.db, a.id, clock.now())).getTime() - after.getTime()).toBe(7 * DAY_MS);
  });

  it("decides once per invitee: a second credit changes nothing", async () => {
    const { user: a, code } = await inviter();
    const b = await newUser(database);
    expect(await registered(b.id, code)).toMatchObject({ refusal: null });
    marketing.granted.length = 0;
    expect(await registered(b.id, code)).toBeNull();
    const other = await inviter();
    expect(await registered(b.id, other.code)).toBeNull();
    expect(await periodsOf(database, a.id, "invite")).toHaveLength(1);
    expect(await periodsOf(database, b.id, "invite")).toHaveLength(1);
    expect(await periodsOf(database, other.user.id, "invite")).toHaveLength(0);
    expect(marketing.granted).toEqual([]);
  });

  it("refuses a self-invite", async () => {
    const { user: a, code } = await inviter();
    expect(await registered(a.id, code)).toMatchObject({ refusal: "self", inviterMembershipId: null });
    expect(await rewardRow(a.id)).toMatchObject({ inviterId: a.id, refusal: "self", inviterMembershipId: null });
    expect(await periodsOf(database, a.id, "invite")).toHaveLength(0);
  });

  it("refuses an invitee from the inviter's device or address within a day, not one seen longer ago", async () => {
    const { user: a, code } = await inviter();
    await recordSighting(database.db, a.id, originOf("phone-a", "198.51.100.30"), clock.now());
    clock.advance(23 * HOUR_MS);

    const sameDevice = await newUser(database);
    expect(await registered(sameDevice.id, code, originOf("phone-a", "198.51.100.99"))).toMatchObject({
      refusal: "same_device",
    });
    const sameAddress = await newUser(database);
    expect(await registered(sameAddress.id, code, originOf("phone-x", "198.51.100.30"))).toMatchObject({
      refusal: "same_address",
    });
    expect(await periodsOf(database, a.id, "invite")).toHaveLength(0);
    expect(await periodsOf(database, sameDevice.id, "invite")).toHaveLength(0);

    clock.advance(HOUR_MS + 1);
    const dayLater = await newUser(database);
    expect(await registered(dayLater.id, code, originOf("phone-a", "198.51.100.30"))).toMatchObject({ refusal: null });
    expect(await periodsOf(database, a.id, "invite")).toHaveLength(1);
  });

  it("never matches missing hashes (loopback clients, no device cookie)", async () => {
    const { user: a, code } = await inviter();
    await recordSighting(database.db, a.id, originOf("phone-l", null), clock.now());
    const b = await newUser(database);
    expect(await registered(b.id, code, originOf(null, null))).toMatchObject({ refusal: null });
    const c = await newUser(database);
    expect(await registered(c.id, code, originOf("phone-other", null))).toMatchObject({ refusal: null });
  });

  it("stops rewarding the inviter at the cap; the invitee past it still gets the award", async () => {
    const capped = marketingContext(database, clock, { INVITE_REWARD_CAP: "2" });
    const { user: a, code } = await inviter();
    const refusals = [];
    let last = 0;
    for (let i = 0; i < 3; i++) {
      const invitee = await newUser(database);
      last = invitee.id;
      const decision = await creditInvite(capped.ctx, {
        userId: invitee.id,
        inviteCode: code,
        origin: NOBODY,
        now: clock.now(),
      });
      refusals.push(decision?.refusal);
    }
    expect(refusals).toEqual([null, null, "cap"]);
    expect(await periodsOf(database, a.id, "invite")).toHaveLength(2);
    expect(await periodsOf(database, last, "invite")).toHaveLength(1);
  });

  it("gives the invitee nothing when INVITEE_AWARD_DAYS is 0, and ignores unknown or missing codes", async () => {
    const noAward = marketingContext(database, clock, { INVITEE_AWARD_DAYS: "0" });
    const { user: a, code } = await inviter();
    const b = await newUser(database);
    const decision = await creditInvite(noAward.ctx, {
      userId: b.id,
      inviteCode: code,
      origin: NOBODY,
      now: clock.now(),
    });
    expect(decision).toMatchObject({ refusal: null, inviteeMembershipId: null });
    expect(await periodsOf(database, a.id, "invite")).toHaveLength(1);
    expect(await periodsOf(database, b.id, "invite")).toHaveLength(0);
    expect(noAward.granted).toEqual([a.id]);

    for (const unknown of ["NOSUCHCODE", "", "   ", null, "x".repeat(200)]) {
      const c = await newUser(database);
      expect(await registered(c.id, unknown)).toBeNull();
      expect(await rewardRow(c.id)).toBeUndefined();
    }
    expect(await findInviter(database.db, ` ${code.toLowerCase()} `)).toBe(a.id);
  });

  it("records the new user's sighting, once an hour for the same origin", async () => {
    const b = await newUser(database);
    const sightings = async () =>
      (await database.db.select({ n: count() }).from(userSightings).where(eq(userSightings.userId, b.id)))[0].n;
    await registered(b.id, null, originOf("phone-s", "198.51.100.40"));
    expect(await sightings()).toBe(1);
    await recordSighting(database.db, b.id, originOf("phone-s", "198.51.100.40"), clock.now());
    expect(await sightings()).toBe(1);
    await recordSighting(database.db, b.id, originOf("phone-s", null), clock.now());
    expect(await sightings()).toBe(2);
    await recordSighting(database.db, b.id, NOBODY, clock.now());
    expect(await sightings()).toBe(2);
    clock.advance(HOUR_MS + 1);
    await recordSighting(database.db, b.id, originOf("phone-s", "198.51.100.40"), clock.now());
    expect(await sightings()).toBe(3);
  });
});

describe("invite routes", () => {
  it("answer 401 without a session (except the public offer) and 400 for bad paging", async () => {
    for (const path of ["invite-code", "invite-pick-records", "invitee-award"])
      expect(await client.get(`${BASE}/${path}`)).toMatchObject({ status: 401, data: null });
    const token = await tokenOf(database, (await newUser(database)).id);
    for (const query of ["page=0", "page=x", "size=0", "size=101", "page=-1", "size=1.5"])
      expect(await client.get(`${BASE}/invite-pick-records?${query}`, { token })).toMatchObject({
        status: 400,
        code: 400,
      });
  });

  it("answers the public offer from the configuration", async () => {
    const { config } = marketing.ctx;
    expect(await client.get(`${BASE}/invite-offer`)).toMatchObject({
      status: 200,
      code: 0,
      data: {
        reward: { plan: config.inviteRewardPlan, days: config.inviteRewardDays, cap: config.inviteRewardCap },
        award: { plan: config.inviteeAwardPlan, days: config.inviteeAwardDays },
      },
    });
  });

  it("makes a code once for an account without one, even when asked concurrently", async () => {
    const old = await newUser(database);
    await database.db.update(users).set({ ownInviteCode: null }).where(eq(users.id, old.id));
    const token = await tokenOf(database, old.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.get(`${BASE}/invite-code`, { token })));
    const codes = new Set(answers.map((answer) => answer.data.invite_code));
    expect(codes.size).toBe(1);
    const [code] = codes;
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    const [row] = await database.db.select().from(users).where(eq(users.id, old.id));
    expect(row.ownInviteCode).toBe(code);
  });

  it("runs the invite loop: A's link, B rewarded, C from A's address refused, B again rewards nothing", async () => {
    const a = await newUser(database, { nickName: "Alice" });
    const token = await tokenOf(database, a.id);
    const inviteCode = await client.get(`${BASE}/invite-code`, { token, ip: "198.51.100.77", device: "alice-phone" });
    expect(inviteCode).toMatchObject({
      status: 200,
      code: 0,
      data: {
        invite_code: a.ownInviteCode,
        share_url: `http://localhost:80/shareGetVip/1?ic=${a.ownInviteCode}`,
        reward: { plan: "basic", days: 7 },
        invited: 0,
        rewarded: 0,
      },
    });
    const before = await coveredUntil(database.db, a.id, clock.now());

    const bEmail = uniqueEmail("bob");
    const b = await auth.registerEmail(bEmail, "Passw0rd!x", { invite_code: a.ownInviteCode }, { ip: "203.0.113.81" });
    expect(b.code).toBe(0);
    clock.advance(60_000);
    const cEmail = uniqueEmail("carol");
    const c = await auth.registerEmail(cEmail, "Passw0rd!x", { invite_code: a.ownInviteCode }, { ip: "198.51.100.77" });
    expect(c.code).toBe(0);
    // B tries again with the same e-mail (from anywhere): the account exists, nothing is credited.
    const again = await auth.registerEmail(
      bEmail,
      "Passw0rd!x",
      { invite_code: a.ownInviteCode },
      { ip: "203.0.113.82" },
    );
    expect(again.code).not.toBe(0);

    expect((await coveredUntil(database.db, a.id, clock.now())).getTime() - before.getTime()).toBe(7 * DAY_MS);
    const records = await client.get(`${BASE}/invite-pick-records?page=1&size=20`, { token });
    expect(records).toMatchObject({ status: 200, code: 0, data: { total: 2 } });
    expect(records.data.list).toEqual([
      {
        invitee: `${cEmail.slice(0, 3)}***@example.com`,
        registered_at: expect.any(String),
        rewarded: false,
        refusal: "same_address",
        plan: null,
        days: 0,
      },
      {
        invitee: `${bEmail.slice(0, 3)}***@example.com`,
        registered_at: expect.any(String),
        rewarded: true,
        refusal: null,
        plan: "basic",
        days: 7,
      },
    ]);
    expect(Date.parse(records.data.list[0].registered_at)).toBeGreaterThan(
      Date.parse(records.data.list[1].registered_at),
    );
    expect((await client.get(`${BASE}/invite-pick-records?page=2&size=1`, { token })).data).toMatchObject({
      total: 2,
      list: [{ refusal: null }],
    });
    expect((await client.get(`${BASE}/invite-code`, { token })).data).toMatchObject({ invited: 2, rewarded: 1 });

    const [bUser] = await database.db.select().from(users).where(eq(users.email, bEmail));
    const bToken = await tokenOf(database, bUser.id);
    const award = await client.get(`${BASE}/invitee-award`, { token: bToken });
    const [awardPeriod] = await periodsOf(database, bUser.id, "invite");
    expect(award).toMatchObject({
      status: 200,
      code: 0,
      data: {
        inviter: maskAccount(a),
        plan: "basic",
        days: marketing.ctx.config.inviteeAwardDays,
        starts_at: awardPeriod.startsAt.toISOString(),
        end_time: awardPeriod.endsAt.toISOString(),
        refusal: null,
      },
    });
    const [cUser] = await database.db.select().from(users).where(eq(users.email, cEmail));
    expect((await client.get(`${BASE}/invitee-award`, { token: await tokenOf(database, cUser.id) })).data).toEqual({
      inviter: maskAccount(a),
      plan: "basic",
      days: 0,
      starts_at: null,
      end_time: null,
      refusal: "same_address",
    });
    // A registered without an invite: no award.
    expect(await client.get(`${BASE}/invitee-award`, { token })).toMatchObject({ status: 200, code: 0, data: null });
  });

  it("masks invitees by e-mail, phone or nickname", () => {
    expect(maskAccount({ email: "someone@example.com", phone: null, nickName: "" })).toBe("som***@example.com");
    expect(maskAccount({ email: null, phone: "13912345678", nickName: "139****5678" })).toBe("139****5678");
    expect(maskAccount({ email: null, phone: null, nickName: "Jane Doe" })).toBe("J***");
    expect(maskAccount({ email: null, phone: null, nickName: "" })).toBe("***");
  });
});
