// The arguments of `npm run marketing:campaign` (cli/campaign.ts) turned into one command:
// create (a campaign, optionally with its first activity code), code (another activity code of a
// campaign), discount (a discount of marketing type 5/6/7, optionally tied to a campaign) or
// list; with one-line usage errors a person can act on.
import { BILLING_MONTHS, PAID_PLANS, type BillingMonths, type PaidPlan } from "../../../../contract/commerce";
import {
  DISCOUNT_ELIGIBILITIES,
  MARKETING_TYPE_VALUES,
  MARKETING_TYPES,
  type DiscountEligibility,
  type MarketingType,
} from "../../../../contract/marketing";
import { LOCALES, type Locale } from "../../../../contract/locales";
import { dateOption, parseArgs, UsageError, type ParsedArgs } from "../../../boot/cli-args";
import { campaignPayload } from "../../engagement";
import type { LocalizedText, NewActivityCode, NewCampaign } from "../services/campaigns";
import type { NewDiscount } from "../services/discounts";

export const CAMPAIGN_USAGE = [
  "npm run marketing:campaign -- <command> ...",
  "  create --slug S --title T [--title-zh|-vi|-id|-th T] [--description D] [--description-zh|-vi|-id|-th D]",
  "         [--starts ISO] (--ends ISO | --days N) [--system-id 13|14] [--code C [--plan basic] --grant-days N [--limit N]]",
  "  code --campaign S --code C [--plan basic] --grant-days N [--limit N]",
  "  discount --code Basic9.9 --type 5|6|7 --plan basic --months 1|12 --price 9.9 [--marketing-id N] [--group N]",
  "           [--eligibility first_purchase|anyone] [--receive-days N] [--starts ISO] [--ends ISO] [--campaign S] [--system-id 13|14]",
  "  list",
].join("\n");

export type ActivityCodeInput = Omit<NewActivityCode, "campaignId">;

export type CampaignCommand =
  | { kind: "create"; campaign: NewCampaign; code: ActivityCodeInput | null }
  | { kind: "code"; slug: string; code: ActivityCodeInput }
  | { kind: "discount"; discount: Omit<NewDiscount, "campaignId">; slug: string | null }
  | { kind: "list" };

const OTHER_LOCALES = LOCALES.filter((locale) => locale !== "en");
const TEXT_OPTIONS = ["title", "description"].flatMap((name) => [name, ...OTHER_LOCALES.map((l) => `${name}-${l}`)]);
const CODE_OPTIONS = ["code", "plan", "grant-days", "limit"];
const OPTIONS = {
  create: ["slug", ...TEXT_OPTIONS, "starts", "ends", "days", "system-id", ...CODE_OPTIONS],
  code: ["campaign", ...CODE_OPTIONS],
  discount: [
    "code",
    "type",
    "plan",
    "months",
    "price",
    "marketing-id",
    "group",
    "eligibility",
    "receive-days",
    "starts",
    "ends",
    "campaign",
    "system-id",
  ],
  list: [],
} as const;
type CommandName = keyof typeof OPTIONS;

const DAY_MS = 24 * 60 * 60_000;
const MAX_TEXT = 500;

function whole(args: ParsedArgs, name: string, min: number, max: number): number | null {
  const raw = args.options.get(name);
  if (raw === undefined) return null;
  const value = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || value < min || value > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return value;
}

function oneOf<const T extends readonly (string | number)[]>(
  args: ParsedArgs,
  name: string,
  values: T,
): T[number] | null {
  const raw = args.options.get(name);
  if (raw === undefined) return null;
  const value = values.find((candidate) => String(candidate) === raw.trim().toLowerCase());
  if (value === undefined) throw new UsageError(`--${name} must be one of ${values.join(", ")}`);
  return value;
}

function text(args: ParsedArgs, name: string): string | null {
  const raw = args.options.get(name)?.trim();
  if (raw === undefined) return null;
  if (raw === "" || raw.length > MAX_TEXT) throw new UsageError(`--${name} must be 1-${MAX_TEXT} characters`);
  return raw;
}

function texts(args: ParsedArgs, name: string): Partial<Record<Locale, string>> {
  const result: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const value = text(args, locale === "en" ? name : `${name}-${locale}`);
    if (value !== null) result[locale] = value;
  }
  return result;
}

function slugOf(args: ParsedArgs, name: string): string {
  const slug = args.options.get(name)?.trim();
  if (!slug) throw new UsageError(`--${name} is required`);
  try {
    // The push of a campaign links to it by slug: the same rule (engagement's push campaigns).
    campaignPayload({ slug, title: slug, body: slug });
  } catch (error) {
    throw new UsageError(`--${name}: ${(error as Error).message}`);
  }
  return slug;
}

const systemIdOf = (args: ParsedArgs): 13 | 14 | null => oneOf(args, "system-id", [13, 14] as const);

function activityCode(args: ParsedArgs): ActivityCodeInput {
  const code = args.options.get("code")?.trim().toUpperCase() ?? "";
  if (!/^[A-Z0-9][A-Z0-9_-]{1,39}$/.test(code))
    throw new UsageError("--code is required: 2-40 letters, digits, - or _");
  const days = whole(args, "grant-days", 1, 3_660);
  if (days === null) throw new UsageError("--grant-days is required: the days of VIP a claim grants");
  return {
    code,
    plan: (oneOf(args, "plan", PAID_PLANS) ?? "basic") satisfies PaidPlan,
    days,
    totalLimit: whole(args, "limit", 1, 1_000_000_000),
  };
}

function createCommand(args: ParsedArgs, now: Date): CampaignCommand {
  const slug = slugOf(args, "slug");
  const titles = texts(args, "title");
  if (!titles.en) throw new UsageError("--title is required (English; --title-zh etc. add translations)");
  const startsAt = dateOption(args, "starts") ?? now;
  const ends = dateOption(args, "ends");
  const days = whole(args, "days", 1, 3_660);
  if ((ends === null) === (days === null)) throw new UsageError("give exactly one of --ends and --days");
  const endsAt = ends ?? new Date(startsAt.getTime() + days! * DAY_MS);
  if (endsAt <= startsAt) throw new UsageError("--ends must be after --starts");
  const wantsCode = CODE_OPTIONS.some((name) => args.options.has(name));
  return {
    kind: "create",
    campaign: {
      slug,
      titles: titles as LocalizedText,
      descriptions: texts(args, "description"),
      systemId: systemIdOf(args),
      startsAt,
      endsAt,
    },
    code: wantsCode ? activityCode(args) : null,
  };
}

function priceCents(args: ParsedArgs): number {
  const raw = args.options.get("price")?.trim();
  if (raw === undefined) throw new UsageError("--price is required: US dollars, e.g. 9.9");
  const value = Number(raw);
  if (!/^\d+(\.\d{1,2})?$/.test(raw) || !(value > 0) || value > 100_000)
    throw new UsageError("--price must be US dollars above 0 with at most two decimals");
  return Math.round(value * 100);
}

function discountCommand(args: ParsedArgs): CampaignCommand {
  const code = args.options.get("code")?.trim() ?? "";
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(code))
    throw new UsageError("--code is required: 1-40 letters, digits, '.', - or _ (e.g. Basic9.9)");
  const type: MarketingType | null = oneOf(args, "type", MARKETING_TYPE_VALUES);
  if (type === null) throw new UsageError("--type is required: 5 (first month), 6 (Chinese) or 7 (receive)");
  const plan = oneOf(args, "plan", PAID_PLANS);
  if (plan === null) throw new UsageError(`--plan is required: ${PAID_PLANS.join(", ")}`);
  const months: BillingMonths | null = oneOf(args, "months", BILLING_MONTHS);
  if (months === null) throw new UsageError("--months is required: 1 or 12");
  const receiveDays = whole(args, "receive-days", 1, 366);
  if (receiveDays !== null && type !== MARKETING_TYPES.RECEIVE)
    throw new UsageError("--receive-days is for type 7 (receive) discounts only");
  const startsAt = dateOption(args, "starts");
  const endsAt = dateOption(args, "ends");
  if (startsAt && endsAt && endsAt <= startsAt) throw new UsageError("--ends must be after --starts");
  const eligibility: DiscountEligibility =
    oneOf(args, "eligibility", DISCOUNT_ELIGIBILITIES) ??
    (type === MARKETING_TYPES.RECEIVE ? "anyone" : "first_purchase");
  const slug = args.options.has("campaign") ? slugOf(args, "campaign") : null;
  return {
    kind: "discount",
    slug,
    discount: {
      code,
      marketingId: whole(args, "marketing-id", 1, 2_147_483_647) ?? undefined,
      groupNum: whole(args, "group", 1, 1_000_000) ?? undefined,
      marketingType: type,
      systemId: systemIdOf(args) ?? (type === MARKETING_TYPES.CHINESE ? 13 : 14),
      plan,
      months,
      priceUsdCents: priceCents(args),
      eligibility,
      receiveDays,
      startsAt,
      endsAt,
    },
  };
}

/** The command the arguments describe; UsageError for anything a person must correct. */
export function campaignCommandFromArgs(argv: readonly string[], now: Date): CampaignCommand {
  const [name, ...rest] = argv;
  if (!name || !Object.hasOwn(OPTIONS, name))
    throw new UsageError(`give a command: ${Object.keys(OPTIONS).join(", ")}`);
  const command = name as CommandName;
  const args = parseArgs(rest, OPTIONS[command]);
  if (args.positional.length) throw new UsageError(`Unexpected argument '${args.positional[0]}'`);
  switch (command) {
    case "create":
      return createCommand(args, now);
    case "code":
      return { kind: "code", slug: slugOf(args, "campaign"), code: activityCode(args) };
    case "discount":
      return discountCommand(args);
    case "list":
      return { kind: "list" };
  }
}
