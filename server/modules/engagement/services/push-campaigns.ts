// Sending a campaign push (`npm run push:send`): the payload {title, body, url, campaign} the
// service worker shows and opens on click, sent to every matching subscriber a few at a time;
// subscriptions the push service reports gone (404/410) are deleted, and so are those whose
// endpoint is not (or no longer) on the push-service allow-list, without sending to them.
import type { Db } from "../../../db/client";
import { deliverPushes, type DeliveryOptions, type DeliveryReport } from "./push-delivery";
import { subscribers, type Audience } from "./push-subscriptions";
import type { VapidKeys } from "./vapid-keys";

export const CAMPAIGN_SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export interface Campaign extends Audience {
  slug: string;
  title: string;
  body: string;
  /** A path of the app; by default the campaign page (/campaign). */
  url?: string;
}

export interface CampaignPayload {
  title: string;
  body: string;
  url: string;
  campaign: string;
}

export type CampaignReport = DeliveryReport;

export function campaignPayload(campaign: Campaign): CampaignPayload {
  if (!CAMPAIGN_SLUG.test(campaign.slug))
    throw new Error(
      `campaign slug '${campaign.slug}' must be 1-64 of a-z, 0-9, _ and - (starting with a letter or digit)`,
    );
  const url = campaign.url ?? `/campaign?campaign=${encodeURIComponent(campaign.slug)}`;
  // Only paths of the app: a notification must never open another site.
  if (!url.startsWith("/") || url.startsWith("//") || url.includes("\\"))
    throw new Error(`url '${url}' must be a path of the app, like /campaign?campaign=${campaign.slug}`);
  return { title: campaign.title, body: campaign.body, url, campaign: campaign.slug };
}

export async function sendCampaign(
  db: Db,
  vapid: VapidKeys,
  campaign: Campaign,
  options: DeliveryOptions,
): Promise<CampaignReport> {
  const payload = JSON.stringify(campaignPayload(campaign));
  return deliverPushes(db, vapid, await subscribers(db, campaign), () => payload, options);
}
