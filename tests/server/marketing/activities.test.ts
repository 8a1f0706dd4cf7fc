// Campaigns and activity codes (docs/marketing.md "Campaigns and activity codes"), on PGlite
// through app.inject with a movable clock: queryActivity by code, by slug or the running campaign
// ending soonest (else the latest), in the request's language with English fallback, its status
// from the clock, the caller's claim (null signed out); receive/{code}: 401 without a session,
// 71010 for an unknown code or another edition's campaign, 71011 before the start, 71012 after
// the end, 71013 the second time (also through another code of the same campaign), 71014 when
// sold out, never a 500 for odd input; a claim grants its days after the user's running time.
// The demo campaign "launch" with WELCOME7 is created once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { activityCodes, campaigns, memberships } from "../../../server/db/schema";
import {
  createActivityCode,
  createCampaign,
  DEMO_CAMPAIGN_TEXT,
  ensureDemoCampaign,
  type NewCampaign,
} from "../../../server/modules/marketing/services/campaigns";
import { coveredUntil } from "../../../server/modules/marketing/services/grants";
import { rateLimitGroupOf } from "../../../server/plugins/rate-limit";
import { buildTestApp, openTestApp, openTestDatabase } from "../helpers/app";
import { testClock } from "../helpers/auth";
import { DAY_MS, MarketingClient, newUser, periodsOf, tokenOf } from "./invites-harness";

const BASE = "/api/v1/tikmeta/portal/user";
const START = Date.parse("2030-06-01T00:00:00Z");
const clock = testClock(START);
let database: Database;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let client: MarketingClient;

beforeAll(async () => {
  database = await openTestDatabase();
  // Demo mode off: the tests decide which campaigns exist.
  app = await buildTestApp(database, { now: clock.now, env: { DEMO_MODE: "false", DEMO_DATA_ON_START: "never" } });
  client = new MarketingClient(app);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const at = (days: number) => new Date(START + days * DAY_MS);
let slugCounter = 0;

/** A campaign from `from` to `to` days after START, with one code. */
async function campaignWithCode(
  from: number,
  to: number,
  code: { days?: number; limit?: number | null; plan?: "basic" | "premium" } = {},
  extra: Partial<NewCampaign> = {},
) {
  slugCounter += 1;
  const campaign = (await createCampaign(database.db, {
    slug: `camp-${slugCounter}`,
    titles: { en: `Campaign ${slugCounter}`, vi: `Chiến dịch ${slugCounter}` },
    descriptions: { en: "English text", zh: "中文说明" },
    systemId: null,
    startsAt: at(from),
    endsAt: at(to),
    ...extra,
  }))!;
  const activity = (await createActivityCode(database.db, {
    campaignId: campaign.id,
    code: `code${slugCounter}x`,
    plan: code.plan ?? "basic",
    days: code.days ?? 7,
    totalLimit: code.limit ?? null,
  }))!;
  return { campaign, code: activity.code };
}

const query = (params: string, options: Parameters<MarketingClient["get"]>[1] = {}) =>
  client.get(`${BASE}/queryActivity${params ? `?${params}` : ""}`, options);
const receive = (code: string, token?: string, system?: 13 | 14) =>
  client.get(`${BASE}/receive/${encodeURIComponent(code)}`, { token, system });

describe("queryActivity", () => {
  it("answers 71010 (404) when there is no campaign, and for unknown codes and slugs", async () => {
    expect(await query("")).toMatchObject({ status: 404, code: 71010, data: null });
    await campaignWithCode(-1, 10);
    for (const params of ["code=NOPE", "campaign=nope", `code=${"x".repeat(64)}`])
      expect(await query(params)).toMatchObject({ status: 404, code: 71010 });
    expect(await query(`code=${"x".repeat(65)}`)).toMatchObject({ status: 400, code: 400 });
  });

  it("picks the running campaign ending soonest, by slug or by code, in the request's language", async () => {
    const later = await campaignWithCode(-1, 40);
    const sooner = await campaignWithCode(-2, 5, { days: 3, plan: "premium" });
    await campaignWithCode(1, 4); // not started yet
    const answer = await query("");
    expect(answer).toMatchObject({
      status: 200,
      code: 0,
      data: {
        campaign: sooner.campaign.slug,
        title: sooner.campaign.titles.en,
        description: "English text",
        starts_at: at(-2).toISOString(),
        ends_at: at(5).toISOString(),
        server_time: clock.now().toISOString(),
        status: "running",
        code: sooner.code,
        plan: "premium",
        days: 3,
        claimed: null,
        claimed_at: null,
        end_time: null,
      },
    });
    expect((await query(`campaign=${later.campaign.slug}`)).data).toMatchObject({
      campaign: later.campaign.slug,
      code: later.code,
    });
    const byCode = await query(`code=${later.code.toLowerCase()}`, { language: "vi" });
    expect(byCode.data).toMatchObject({
      campaign: later.campaign.slug,
      title: later.campaign.titles.vi,
      description: "English text",
    });
    expect((await query(`code=${later.code}`, { language: "zh_CN" })).data).toMatchObject({
      title: later.campaign.titles.en,
      description: "中文说明",
    });
    expect((await query(`code=${later.code}`, { language: "fr" })).data.title).toBe(later.campaign.titles.en);
    // A code and a slug that do not belong together.
    expect(await query(`code=${later.code}&campaign=${sooner.campaign.slug}`)).toMatchObject({ code: 71010 });
  });

  it("says not_started, running and ended as the clock moves, and hides another edition's campaign", async () => {
    const upcoming = await campaignWithCode(2, 3);
    const status = async () => (await query(`campaign=${upcoming.campaign.slug}`)).data.status;
    expect(await status()).toBe("not_started");
    clock.advance(2 * DAY_MS);
    expect(await status()).toBe("running");
    clock.advance(DAY_MS);
    expect(await status()).toBe("ended");
    clock.advance(-3 * DAY_MS);
    const chinese = await campaignWithCode(-1, 3, {}, { systemId: 13 });
    expect(await query(`campaign=${chinese.campaign.slug}`)).toMatchObject({ status: 404, code: 71010 });
    expect(await receive(chinese.code, await tokenOf(database, (await newUser(database)).id))).toMatchObject({
      status: 404,
      code: 71010,
    });
  });
});

describe("receive/{code}", () => {
  it("needs a session, and answers 71010 for an unknown code (never a 500 for odd codes)", async () => {
    const { code } = await campaignWithCode(-1, 3);
    expect(await receive(code)).toMatchObject({ status: 401, data: null });
    const token = await tokenOf(database, (await newUser(database)).id);
    for (const odd of ["NOPE", "%00", "a b", "ü", "x".repeat(64)])
      expect(await receive(odd, token)).toMatchObject({ status: 404, code: 71010 });
    expect(await receive("x".repeat(65), token)).toMatchObject({ status: 400, code: 400 });
  });

  it("grants the days after the user's running time once, then answers 71013, and shows the claim", async () => {
    const { campaign, code } = await campaignWithCode(-1, 3, { days: 7 });
    const user = await newUser(database);
    await database.db.insert(memberships).values({
      userId: user.id,
      plan: "basic",
      source: "trial",
      startsAt: clock.now(),
      endsAt: new Date(clock.now().getTime() + DAY_MS),
    });
    const token = await tokenOf(database, user.id);
    expect((await query(`campaign=${campaign.slug}`, { token })).data).toMatchObject({ claimed: false });
    const first = await receive(code.toLowerCase(), token);
    const trialEnd = clock.now().getTime() + DAY_MS;
    expect(first).toMatchObject({
      status: 200,
      code: 0,
      data: {
        plan: "basic",
        days: 7,
        starts_at: new Date(trialEnd).toISOString(),
        end_time: new Date(trialEnd + 7 * DAY_MS).toISOString(),
      },
    });
    expect((await coveredUntil(database.db, user.id, clock.now())).getTime()).toBe(trialEnd + 7 * DAY_MS);
    expect(await receive(code, token)).toMatchObject({
      status: 409,
      code: 71013,
      msg: "You have already claimed this activity's VIP",
    });
    // Another code of the same campaign: still once per campaign.
    await createActivityCode(database.db, {
      campaignId: campaign.id,
      code: "SECOND-CODE",
      plan: "pro",
      days: 30,
      totalLimit: null,
    });
    expect(await receive("SECOND-CODE", token)).toMatchObject({ status: 409, code: 71013 });
    expect(await periodsOf(database, user.id, "activity")).toHaveLength(1);
    expect((await query(`campaign=${campaign.slug}`, { token })).data).toMatchObject({
      claimed: true,
      claimed_at: clock.now().toISOString(),
      end_time: first.data.end_time,
    });
    const [row] = await database.db.select().from(activityCodes).where(eq(activityCodes.code, code));
    expect(row.claimed).toBe(1);
  });

  it("refuses before the start (71011) and after the end (71012)", async () => {
    const { code } = await campaignWithCode(1, 2);
    const token = await tokenOf(database, (await newUser(database)).id);
    expect(await receive(code, token)).toMatchObject({
      status: 409,
      code: 71011,
      msg: "This activity has not started yet",
    });
    clock.advance(2 * DAY_MS);
    expect(await receive(code, token)).toMatchObject({ status: 409, code: 71012, msg: "This activity has ended" });
    clock.advance(-2 * DAY_MS);
    expect(await periodsOf(database, (await newUser(database)).id, "activity")).toHaveLength(0);
  });

  it("refuses once the code's limit is reached (71014)", async () => {
    const { code } = await campaignWithCode(-1, 3, { limit: 2 });
    const tokens = await Promise.all([0, 1, 2].map(async () => tokenOf(database, (await newUser(database)).id)));
    expect((await receive(code, tokens[0])).code).toBe(0);
    expect((await receive(code, tokens[1])).code).toBe(0);
    expect(await receive(code, tokens[2])).toMatchObject({
      status: 409,
      code: 71014,
      msg: "All of this activity's VIP has been claimed",
    });
    const [row] = await database.db.select().from(activityCodes).where(eq(activityCodes.code, code));
    expect(row.claimed).toBe(2);
  });
});

describe("demo campaign", () => {
  it("is created once, running for 30 days, with WELCOME7 and titles in five languages", async () => {
    const now = clock.now();
    await ensureDemoCampaign(database.db, now);
    clock.advance(DAY_MS);
    await ensureDemoCampaign(database.db, clock.now());
    clock.advance(-DAY_MS);
    const rows = await database.db.select().from(campaigns).where(eq(campaigns.slug, "launch"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ startsAt: now, endsAt: new Date(now.getTime() + 30 * DAY_MS), systemId: null });
    expect(Object.keys(rows[0].titles).sort()).toEqual(["en", "id", "th", "vi", "zh"]);
    expect(rows[0].titles).toEqual(DEMO_CAMPAIGN_TEXT.titles);
    const codes = await database.db.select().from(activityCodes).where(eq(activityCodes.campaignId, rows[0].id));
    expect(codes).toMatchObject([{ code: "WELCOME7", plan: "basic", days: 7, totalLimit: null }]);
    const answer = await query("code=welcome7", { language: "th" });
    expect(answer.data).toMatchObject({ campaign: "launch", title: DEMO_CAMPAIGN_TEXT.titles.th, status: "running" });
  });
});

describe("wiring", () => {
  it("counts a claim as a write for the rate limits", () => {
    expect(rateLimitGroupOf("GET", "/api/v1/tikmeta/portal/user/receive/:code")).toBe("writes");
    expect(rateLimitGroupOf("GET", "/api/v1/tikmeta/portal/user/queryActivity")).toBeNull();
  });

  it("seeds the demo campaign when a demo-mode app starts", async () => {
    const demo = await openTestApp({ env: { DEMO_DATA_ON_START: "never" } });
    try {
      const answer = await new MarketingClient(demo.app).get(`${BASE}/queryActivity`);
      expect(answer).toMatchObject({
        status: 200,
        code: 0,
        data: { campaign: "launch", code: "WELCOME7", status: "running" },
      });
    } finally {
      await demo.close();
    }
  });
});
