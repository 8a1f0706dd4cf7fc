// What `npm run marketing:campaign` does with a parsed command (cli/campaign-args.ts), on the
// configured database: creates the campaign (and its first code, in one transaction), another
// code, a discount (services/discounts.ts createDiscount) or lists campaigns, codes and
// discounts. Answers the lines to print; a refusal (slug or code taken, unknown campaign) is an
// Error with a message a person can act on.
import { asc } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { discounts, type ActivityCode, type Campaign, type Discount } from "../../../db/schema";
import {
  campaignStatus,
  campaignsWithCodes,
  createActivityCode,
  createCampaign,
  findCampaignBySlug,
} from "../services/campaigns";
import { createDiscount } from "../services/discounts";
import type { ActivityCodeInput, CampaignCommand } from "./campaign-args";

const usd = (cents: number): string => `US$${(cents / 100).toFixed(2)}`;
const edition = (systemId: number | null): string => (systemId === null ? "both editions" : `system ${systemId}`);

function describeCampaign(campaign: Campaign, now: Date): string {
  return (
    `${campaign.slug} (${campaignStatus(campaign, now)}, ${campaign.startsAt.toISOString()} to ` +
    `${campaign.endsAt.toISOString()}, ${edition(campaign.systemId)}): ${campaign.titles.en ?? ""}`
  );
}

function describeCode(code: Pick<ActivityCode, "code" | "plan" | "days" | "totalLimit" | "claimed">): string {
  const limit = code.totalLimit === null ? "no limit" : `limit ${code.totalLimit}`;
  return `code ${code.code}: ${code.days} days of ${code.plan}, ${code.claimed} claimed (${limit})`;
}

function describeDiscount(discount: Discount): string {
  const dates = [
    discount.startsAt && `from ${discount.startsAt.toISOString()}`,
    discount.endsAt && `until ${discount.endsAt.toISOString()}`,
  ];
  return [
    `discount ${discount.code}: marketing_id ${discount.marketingId} group ${discount.groupNum}, type ${discount.marketingType}`,
    `${discount.plan} ${discount.months === 1 ? "monthly" : "yearly"} at ${usd(discount.priceUsdCents)}`,
    discount.eligibility,
    ...(discount.receiveDays ? [`usable ${discount.receiveDays} days after receiving`] : []),
    edition(discount.systemId),
    ...dates.filter(Boolean),
    ...(discount.active ? [] : ["inactive"]),
  ].join(", ");
}

/** A unique constraint refused the row (drizzle wraps the driver's error as its cause). */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error || typeof current === "object";) {
    if ((current as { code?: unknown } | null)?.code === "23505") return true;
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause || cause === current) return false;
    current = cause;
  }
  return false;
}

async function campaignNamed(db: Db, slug: string): Promise<Campaign> {
  const campaign = await findCampaignBySlug(db, slug);
  if (!campaign) throw new Error(`no campaign '${slug}' (npm run marketing:campaign -- list shows them)`);
  return campaign;
}

async function addCode(db: Db, campaign: Campaign, code: ActivityCodeInput): Promise<ActivityCode> {
  const created = await createActivityCode(db, { ...code, campaignId: campaign.id });
  if (!created) throw new Error(`an activity code ${code.code} exists already (left as it is)`);
  return created;
}

async function list(db: Db, now: Date): Promise<string[]> {
  const lines: string[] = [];
  for (const { campaign, codes } of await campaignsWithCodes(db)) {
    lines.push(describeCampaign(campaign, now), ...codes.map((code) => `  ${describeCode(code)}`));
  }
  const rows = await db.select().from(discounts).orderBy(asc(discounts.marketingId), asc(discounts.groupNum));
  lines.push(...rows.map(describeDiscount));
  return lines.length ? lines : ["no campaigns and no discounts yet"];
}

export async function runCampaignCommand(db: Db, command: CampaignCommand, now: Date): Promise<string[]> {
  switch (command.kind) {
    case "create": {
      return db.transaction(async (tx) => {
        const campaign = await createCampaign(tx, command.campaign);
        if (!campaign) throw new Error(`a campaign '${command.campaign.slug}' exists already (left as it is)`);
        const lines = [`created campaign ${describeCampaign(campaign, now)}`];
        if (command.code) lines.push(`created ${describeCode(await addCode(tx, campaign, command.code))}`);
        lines.push(`page: /campaign?campaign=${encodeURIComponent(campaign.slug)}`);
        return lines;
      });
    }
    case "code": {
      const campaign = await campaignNamed(db, command.slug);
      return [`created ${describeCode(await addCode(db, campaign, command.code))} in ${campaign.slug}`];
    }
    case "discount": {
      const campaignId = command.slug ? (await campaignNamed(db, command.slug)).id : null;
      const created = await createDiscount(db, { ...command.discount, campaignId }).catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
        const { marketingId, groupNum } = command.discount;
        throw new Error(`marketing_id ${marketingId} group ${groupNum ?? 1} belongs to another discount`);
      });
      if (!created) throw new Error(`a discount ${command.discount.code} exists already (left as it is)`);
      return [`created ${describeDiscount(created)}`];
    }
    case "list":
      return list(db, now);
  }
}
