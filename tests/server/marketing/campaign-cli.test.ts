// `npm run marketing:campaign`: the argument parser (every command, its defaults and the usage
// errors a person gets), the commands on PGlite (a campaign with its first code in one
// transaction, a taken slug or code refused and left as it is, another code, a discount through
// createDiscount tied to a campaign, the list), and one real run of the script on a DATA_DIR.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageError } from "../../../server/boot/cli-args";
import { openDatabase, type Database } from "../../../server/db/client";
import { activityCodes, campaigns, discounts } from "../../../server/db/schema";
import { campaignCommandFromArgs } from "../../../server/modules/marketing/cli/campaign-args";
import { runCampaignCommand } from "../../../server/modules/marketing/cli/campaign-commands";
import { findCampaignBySlug } from "../../../server/modules/marketing";
import { openTestDatabase } from "../helpers/app";

const NOW = new Date("2026-07-01T00:00:00Z");
const DAY_MS = 86_400_000;
const parse = (line: string) => campaignCommandFromArgs(line.split(" ").filter(Boolean), NOW);

describe("marketing:campaign arguments", () => {
  it("reads create with translations, dates and a first code", () => {
    expect(
      campaignCommandFromArgs(
        [
          "create",
          "--slug",
          "summer",
          "--title",
          "Summer sale",
          "--title-vi",
          "Khuyến mãi hè",
          "--description",
          "Hot deals",
          "--days",
          "14",
          "--system-id",
          "14",
          "--code",
          "sun7",
          "--grant-days",
          "7",
          "--limit",
          "100",
        ],
        NOW,
      ),
    ).toEqual({
      kind: "create",
      campaign: {
        slug: "summer",
        titles: { en: "Summer sale", vi: "Khuyến mãi hè" },
        descriptions: { en: "Hot deals" },
        systemId: 14,
        startsAt: NOW,
        endsAt: new Date(NOW.getTime() + 14 * DAY_MS),
      },
      code: { code: "SUN7", plan: "basic", days: 7, totalLimit: 100 },
    });
    expect(parse("create --slug s --title T --starts 2026-08-01 --ends 2026-08-03")).toMatchObject({
      campaign: { startsAt: new Date("2026-08-01"), endsAt: new Date("2026-08-03"), systemId: null },
      code: null,
    });
  });

  it("reads code, discount (with defaults by type) and list", () => {
    expect(parse("code --campaign summer --code extra --plan pro --grant-days 3")).toEqual({
      kind: "code",
      slug: "summer",
      code: { code: "EXTRA", plan: "pro", days: 3, totalLimit: null },
    });
    expect(parse("discount --code Basic5 --type 5 --plan basic --months 1 --price 5")).toEqual({
      kind: "discount",
      slug: null,
      discount: {
        code: "Basic5",
        marketingId: undefined,
        groupNum: undefined,
        marketingType: 5,
        systemId: 14,
        plan: "basic",
        months: 1,
        priceUsdCents: 500,
        eligibility: "first_purchase",
        receiveDays: null,
        startsAt: null,
        endsAt: null,
      },
    });
    expect(
      parse(
        "discount --code B19 --type 7 --plan basic --months 12 --price 19.9 --receive-days 3 --marketing-id 2001 --group 2 --campaign summer",
      ),
    ).toMatchObject({
      slug: "summer",
      discount: { marketingId: 2001, groupNum: 2, eligibility: "anyone", receiveDays: 3, priceUsdCents: 1990 },
    });
    expect(parse("discount --code Zh --type 6 --plan basic --months 1 --price 9.9")).toMatchObject({
      discount: { systemId: 13 },
    });
    expect(parse("list")).toEqual({ kind: "list" });
  });

  it.each([
    ["", /give a command/],
    ["toString", /give a command/],
    ["list extra", /Unexpected argument 'extra'/],
    ["create --title T --days 3", /--slug is required/],
    ["create --slug Bad/Slug --title T --days 3", /--slug: campaign slug 'Bad\/Slug' must be/],
    ["create --slug s --days 3", /--title is required/],
    ["create --slug s --title T", /exactly one of --ends and --days/],
    ["create --slug s --title T --days 3 --ends 2026-09-01", /exactly one of --ends and --days/],
    ["create --slug s --title T --starts 2026-09-02 --ends 2026-09-01", /--ends must be after --starts/],
    ["create --slug s --title T --ends tomorrow", /--ends must be an ISO date/],
    ["create --slug s --title T --days 0", /--days must be a whole number from 1/],
    ["create --slug s --title T --days 3 --system-id 12", /--system-id must be one of 13, 14/],
    ["create --slug s --title T --days 3 --code X1", /--grant-days is required/],
    ["create --slug s --title T --days 3 --grant-days 3", /--code is required/],
    ["code --campaign s --code ab! --grant-days 3", /--code is required: 2-40/],
    ["code --campaign s --code ab --grant-days 3 --plan gold", /--plan must be one of basic, premium, pro/],
    ["code --code ab --grant-days 3", /--campaign is required/],
    ["discount --code X --type 4 --plan basic --months 1 --price 5", /--type must be one of 5, 6, 7/],
    ["discount --code X --type 5 --plan basic --months 3 --price 5", /--months must be one of 1, 12/],
    ["discount --code X --type 5 --plan basic --months 1 --price 5.999", /--price must be US dollars/],
    ["discount --code X --type 5 --plan basic --months 1", /--price is required/],
    ["discount --code X --type 5 --plan basic --months 1 --price 5 --receive-days 3", /type 7/],
    ["discount --code X --type 5 --plan basic --months 1 --price 5 --eligibility all", /--eligibility must be/],
    ["discount --code X --type 5 --plan basic --months 1 --price 5 --bogus 1", /Unknown option --bogus/],
  ])("refuses '%s' with a usage error", (line, message) => {
    expect(() => parse(line)).toThrow(UsageError);
    expect(() => parse(line)).toThrow(message);
  });
});

describe("marketing:campaign commands", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const run = (line: string) => runCampaignCommand(database.db, parse(line), NOW);

  it("creates a campaign with its first code, refuses a taken slug or code and leaves them as they are", async () => {
    const lines = await run("create --slug summer --title Summer --days 10 --code SUN7 --grant-days 7 --limit 50");
    expect(lines).toEqual([
      "created campaign summer (running, 2026-07-01T00:00:00.000Z to 2026-07-11T00:00:00.000Z, both editions): Summer",
      "created code SUN7: 7 days of basic, 0 claimed (limit 50)",
      "page: /campaign?campaign=summer",
    ]);
    const summer = (await findCampaignBySlug(database.db, "summer"))!;
    expect(summer.titles).toEqual({ en: "Summer" });
    await expect(run("create --slug summer --title Other --days 3")).rejects.toThrow(
      /a campaign 'summer' exists already/,
    );
    expect((await findCampaignBySlug(database.db, "summer"))!.titles).toEqual({ en: "Summer" });
    // A taken code rolls the new campaign back too.
    await expect(run("create --slug winter --title Winter --days 3 --code sun7 --grant-days 1")).rejects.toThrow(
      /an activity code SUN7 exists already/,
    );
    expect(await findCampaignBySlug(database.db, "winter")).toBeNull();
    const [code] = await database.db.select().from(activityCodes).where(eq(activityCodes.code, "SUN7"));
    expect(code).toMatchObject({ campaignId: summer.id, days: 7, totalLimit: 50 });
  });

  it("adds a code to a campaign, refusing an unknown campaign", async () => {
    expect(await run("code --campaign summer --code more --plan premium --grant-days 2")).toEqual([
      "created code MORE: 2 days of premium, 0 claimed (no limit) in summer",
    ]);
    await expect(run("code --campaign nope --code x1 --grant-days 2")).rejects.toThrow(/no campaign 'nope'/);
  });

  it("creates a discount tied to a campaign, refusing a taken code or marketing id and group", async () => {
    const lines = await run(
      "discount --code Summer9.9 --type 5 --plan basic --months 1 --price 9.9 --marketing-id 5001 --campaign summer",
    );
    expect(lines).toEqual([
      "created discount Summer9.9: marketing_id 5001 group 1, type 5, basic monthly at US$9.90, first_purchase, system 14",
    ]);
    const [row] = await database.db.select().from(discounts).where(eq(discounts.code, "Summer9.9"));
    const summer = (await findCampaignBySlug(database.db, "summer"))!;
    expect(row).toMatchObject({ marketingId: 5001, groupNum: 1, priceUsdCents: 990, campaignId: summer.id });
    await expect(run("discount --code Summer9.9 --type 5 --plan basic --months 1 --price 5")).rejects.toThrow(
      /a discount Summer9.9 exists already/,
    );
    await expect(
      run("discount --code Other --type 5 --plan basic --months 1 --price 5 --marketing-id 5001"),
    ).rejects.toThrow(/marketing_id 5001 group 1 belongs to another discount/);
    await expect(run("discount --code X2 --type 5 --plan basic --months 1 --price 5 --campaign nope")).rejects.toThrow(
      /no campaign 'nope'/,
    );
  });

  it("lists campaigns with their codes, then the discounts", async () => {
    const lines = await run("list");
    expect(lines).toEqual([
      "summer (running, 2026-07-01T00:00:00.000Z to 2026-07-11T00:00:00.000Z, both editions): Summer",
      "  code SUN7: 7 days of basic, 0 claimed (limit 50)",
      "  code MORE: 2 days of premium, 0 claimed (no limit)",
      "discount Summer9.9: marketing_id 5001 group 1, type 5, basic monthly at US$9.90, first_purchase, system 14",
    ]);
    expect(await database.db.select().from(campaigns)).toHaveLength(1);
  });
});

describe("npm run marketing:campaign", () => {
  it("creates a campaign in a DATA_DIR database and answers usage errors with exit code 2", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "shopradar-campaign-"));
    const cli = (args: string[]) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ["--import", "tsx", "server/modules/marketing/cli/campaign.ts", ...args],
          { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, timeout: 120_000 },
          (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      });
    try {
      const usage = await cli(["create", "--slug", "x"]);
      expect(usage.status).toBe(2);
      expect(usage.stderr).toMatch(/marketing:campaign: --title is required[\s\S]*usage: npm run marketing:campaign/);
      const run = await cli([
        "create",
        "--slug",
        "autumn",
        "--title",
        "Autumn",
        "--days",
        "5",
        "--code",
        "fall5",
        "--grant-days",
        "5",
      ]);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/marketing:campaign: created campaign autumn \(running, .* both editions\): Autumn/);
      expect(run.stdout).toMatch(/marketing:campaign: created code FALL5: 5 days of basic/);
      const database = await openDatabase({ dataDir, databaseUrl: null });
      try {
        expect(await findCampaignBySlug(database.db, "autumn")).toMatchObject({ titles: { en: "Autumn" } });
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
