// Activity claims on PostgreSQL (TEST_DATABASE_URL) through the real route, where requests run
// side by side: twenty concurrent claims of one code by one user grant once (one success, nineteen
// 71013, one claim row, the counter at 1, one period); twelve users claiming a code limited to
// five at once get exactly five grants and seven 71014.
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityClaims, activityCodes } from "../../../server/db/schema";
import { createActivityCode, createCampaign } from "../../../server/modules/marketing/services/campaigns";
import { buildTestApp, useThrowawayPostgres } from "../helpers/app";
import { testClock } from "../helpers/auth";
import { DAY_MS, MarketingClient, newUser, periodsOf, tokenOf } from "./invites-harness";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("activity claims on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);
  const clock = testClock(Date.parse("2026-05-01T00:00:00Z"));
  let app: FastifyInstance;
  let client: MarketingClient;

  beforeAll(async () => {
    app = await buildTestApp(postgres.database, { now: clock.now, env: { DEMO_DATA_ON_START: "never" } });
    client = new MarketingClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function code(name: string, totalLimit: number | null): Promise<string> {
    const campaign = (await createCampaign(postgres.database.db, {
      slug: name.toLowerCase(),
      titles: { en: name },
      systemId: null,
      startsAt: new Date(clock.now().getTime() - DAY_MS),
      endsAt: new Date(clock.now().getTime() + DAY_MS),
    }))!;
    await createActivityCode(postgres.database.db, {
      campaignId: campaign.id,
      code: name,
      plan: "basic",
      days: 7,
      totalLimit,
    });
    return name.toUpperCase();
  }

  const receive = (activity: string, token: string) =>
    client.get(`/api/v1/tikmeta/portal/user/receive/${activity}`, { token });

  it("grants once under 20 concurrent claims by one user", async () => {
    const activity = await code("RACE-ONE", null);
    const user = await newUser(postgres.database);
    const token = await tokenOf(postgres.database, user.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => receive(activity, token)));
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, ...Array<number>(19).fill(71013)]);
    const [claims] = await postgres.database.db
      .select({ n: count() })
      .from(activityClaims)
      .where(eq(activityClaims.userId, user.id));
    expect(claims.n).toBe(1);
    const [row] = await postgres.database.db.select().from(activityCodes).where(eq(activityCodes.code, activity));
    expect(row.claimed).toBe(1);
    expect(await periodsOf(postgres.database, user.id, "activity")).toHaveLength(1);
  });

  it("stops at the limit under concurrent claims by different users", async () => {
    const activity = await code("RACE-LIMIT", 5);
    const tokens = await Promise.all(
      Array.from({ length: 12 }, async () => tokenOf(postgres.database, (await newUser(postgres.database)).id)),
    );
    const answers = await Promise.all(tokens.map((token) => receive(activity, token)));
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(5);
    expect(codes.filter((c) => c === 71014)).toHaveLength(7);
    const [row] = await postgres.database.db.select().from(activityCodes).where(eq(activityCodes.code, activity));
    expect(row.claimed).toBe(5);
  });
});
