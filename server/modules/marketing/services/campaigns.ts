// Campaigns and activity codes (helper H1 fills).
import type { Db } from "../../../db/client";
import type { Campaign } from "../../../db/schema";

export async function ensureDemoCampaign(_db: Db, _now: Date): Promise<void> {}

export async function findCampaignBySlug(_db: Db, _slug: string): Promise<Campaign | null> {
  return null;
}
