// Campaigns and their activity codes (docs/marketing.md "Campaigns"): creating them (the
// marketing:campaign CLI; demo mode's "launch" campaign with code WELCOME7), finding one by slug
// (the campaign page, push:send), and which campaign an activity page shows: the one of a code,
// of a slug, or else the running campaign of the edition that ends soonest (else the latest).
// A campaign of one edition (system_id 13 or 14) is not found from the other.
import { and, asc, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { PaidPlan } from "../../../../contract/commerce";
import type { ActivityStatus } from "../../../../contract/marketing";
import type { Locale } from "../../../../contract/locales";
import type { Db } from "../../../db/client";
import { activityCodes, campaigns, type ActivityCode, type Campaign } from "../../../db/schema";
import { marketingError } from "../errors";
import { DAY_MS } from "./grants";

export type LocalizedText = Partial<Record<Locale, string>> & { en: string };

export interface NewCampaign {
  slug: string;
  titles: LocalizedText;
  descriptions?: Partial<Record<Locale, string>>;
  /** 13 or 14; null: both editions. */
  systemId: 13 | 14 | null;
  startsAt: Date;
  endsAt: Date;
}

export interface NewActivityCode {
  campaignId: number;
  code: string;
  plan: PaidPlan;
  days: number;
  /** Claims in all; null: no limit. */
  totalLimit: number | null;
}

/** Activity codes are stored upper-case and matched case-insensitively. */
export const normalizeActivityCode = (raw: string): string => raw.trim().toUpperCase();

/** Creates a campaign; null when its slug exists (nothing changes then). */
export async function createCampaign(db: Db, input: NewCampaign): Promise<Campaign | null> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...input, descriptions: input.descriptions ?? {} })
    .onConflictDoNothing({ target: campaigns.slug })
    .returning();
  return row ?? null;
}

/** Creates an activity code; null when the code exists (in any campaign). */
export async function createActivityCode(db: Db, input: NewActivityCode): Promise<ActivityCode | null> {
  const [row] = await db
    .insert(activityCodes)
    .values({ ...input, code: normalizeActivityCode(input.code) })
    .onConflictDoNothing({ target: activityCodes.code })
    .returning();
  return row ?? null;
}

export async function findCampaignBySlug(db: Db, slug: string): Promise<Campaign | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.slug, slug.trim()));
  return row ?? null;
}

/** Every campaign with its codes, newest first (the CLI's list). */
export async function campaignsWithCodes(db: Db): Promise<Array<{ campaign: Campaign; codes: ActivityCode[] }>> {
  const rows = await db.select().from(campaigns).orderBy(desc(campaigns.startsAt), desc(campaigns.id));
  const codes = await db.select().from(activityCodes).orderBy(asc(activityCodes.createdAt), asc(activityCodes.code));
  return rows.map((campaign) => ({ campaign, codes: codes.filter((code) => code.campaignId === campaign.id) }));
}

export function campaignStatus(campaign: Pick<Campaign, "startsAt" | "endsAt">, now: Date): ActivityStatus {
  if (now < campaign.startsAt) return "not_started";
  return now < campaign.endsAt ? "running" : "ended";
}

/** The campaign's text in `locale`, else English. */
export const localized = (texts: Partial<Record<Locale, string>>, locale: Locale): string =>
  texts[locale] ?? texts.en ?? "";

export interface ActivityQuery {
  code?: string | null;
  slug?: string | null;
  systemId: number;
  now: Date;
}

export interface Activity {
  campaign: Campaign;
  /** The code asked for, or the campaign's first code; null when it has none. */
  code: ActivityCode | null;
}

const ofEdition = (systemId: number) => or(isNull(campaigns.systemId), eq(campaigns.systemId, systemId));

async function firstCode(db: Db, campaignId: number): Promise<ActivityCode | null> {
  const [row] = await db
    .select()
    .from(activityCodes)
    .where(eq(activityCodes.campaignId, campaignId))
    .orderBy(asc(activityCodes.createdAt), asc(activityCodes.code))
    .limit(1);
  return row ?? null;
}

async function defaultCampaign(db: Db, systemId: number, now: Date): Promise<Campaign | null> {
  const [running] = await db
    .select()
    .from(campaigns)
    .where(and(ofEdition(systemId), lte(campaigns.startsAt, now), gt(campaigns.endsAt, now)))
    .orderBy(asc(campaigns.endsAt), asc(campaigns.id))
    .limit(1);
  if (running) return running;
  const [latest] = await db
    .select()
    .from(campaigns)
    .where(ofEdition(systemId))
    .orderBy(desc(campaigns.startsAt), desc(campaigns.id))
    .limit(1);
  return latest ?? null;
}

/** The activity a page asks about; ACTIVITY_NOT_FOUND (71010) when there is none. */
export async function findActivity(db: Db, query: ActivityQuery): Promise<Activity> {
  const code = query.code?.trim();
  const slug = query.slug?.trim();
  if (code) {
    const [row] = await db
      .select({ campaign: campaigns, code: activityCodes })
      .from(activityCodes)
      .innerJoin(campaigns, eq(campaigns.id, activityCodes.campaignId))
      .where(and(eq(activityCodes.code, normalizeActivityCode(code)), ofEdition(query.systemId)));
    if (!row || (slug && row.campaign.slug !== slug)) throw marketingError("ACTIVITY_NOT_FOUND");
    return row;
  }
  const [campaign] = slug
    ? await db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.slug, slug), ofEdition(query.systemId)))
    : [await defaultCampaign(db, query.systemId, query.now)];
  if (!campaign) throw marketingError("ACTIVITY_NOT_FOUND");
  return { campaign, code: await firstCode(db, campaign.id) };
}

export const DEMO_CAMPAIGN_SLUG = "launch";
export const DEMO_ACTIVITY_CODE = "WELCOME7";
const DEMO_CAMPAIGN_DAYS = 30;

/** Demo mode's campaign, in the five languages (data, not UI strings). */
export const DEMO_CAMPAIGN_TEXT: { titles: LocalizedText; descriptions: LocalizedText } = {
  titles: {
    en: "Launch week: 7 days of Basic free",
    zh: "上线活动：免费领取 7 天 Basic 会员",
    vi: "Tuần ra mắt: miễn phí 7 ngày gói Basic",
    id: "Minggu peluncuran: gratis 7 hari paket Basic",
    th: "สัปดาห์เปิดตัว: รับแพ็กเกจ Basic ฟรี 7 วัน",
  },
  descriptions: {
    en: "Claim 7 days of ShopRadar Basic with the code WELCOME7. One claim per account while the campaign runs.",
    zh: "使用活动码 WELCOME7 领取 7 天 ShopRadar Basic 会员。活动期间每个账号限领一次。",
    vi: "Nhận 7 ngày ShopRadar Basic với mã WELCOME7. Mỗi tài khoản nhận một lần khi chương trình diễn ra.",
    id: "Klaim 7 hari ShopRadar Basic dengan kode WELCOME7. Satu klaim per akun selama kampanye berlangsung.",
    th: "รับ ShopRadar Basic 7 วันด้วยรหัส WELCOME7 รับได้หนึ่งครั้งต่อบัญชีระหว่างแคมเปญ",
  },
};

/**
 * Demo mode's running campaign "launch" (ends 30 days after it was first created) with code
 * WELCOME7 (7 days of Basic); safe at every boot and from several instances.
 */
export async function ensureDemoCampaign(db: Db, now: Date): Promise<void> {
  await createCampaign(db, {
    slug: DEMO_CAMPAIGN_SLUG,
    ...DEMO_CAMPAIGN_TEXT,
    systemId: null,
    startsAt: now,
    endsAt: new Date(now.getTime() + DEMO_CAMPAIGN_DAYS * DAY_MS),
  });
  const campaign = await findCampaignBySlug(db, DEMO_CAMPAIGN_SLUG);
  if (!campaign) return;
  await createActivityCode(db, {
    campaignId: campaign.id,
    code: DEMO_ACTIVITY_CODE,
    plan: "basic",
    days: 7,
    totalLimit: null,
  });
}
