// Sending a campaign push (`npm run push:send`): the payload {title, body, url, campaign} the
// service worker shows and opens on click, sent to every matching subscriber a few at a time;
// subscriptions the push service reports gone (404/410) are deleted, and so are those whose
// endpoint is not (or no longer) on the push-service allow-list, without sending to them.
import { sendPush, type PushOptions, type PushResult } from "../../../adapters/web-push";
import type { Db } from "../../../db/client";
import { pushEndpointAllowed } from "./push-endpoints";
import { markSent, removeSubscriptionsById, subscribers, type Audience } from "./push-subscriptions";
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

export interface CampaignReport {
  total: number;
  sent: number;
  failed: number;
  removed: number;
  /** Why pushes failed, one line per distinct reason with its count. */
  reasons: Map<string, number>;
}

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

const CONCURRENCY = 8;
const NOT_ALLOWED: PushResult = {
  ok: false,
  status: null,
  gone: true,
  reason: "endpoint not on the push-service allow-list",
};

export async function sendCampaign(
  db: Db,
  vapid: VapidKeys,
  campaign: Campaign,
  options: PushOptions & { now?: Date; pushHosts: readonly string[] },
): Promise<CampaignReport> {
  const payload = JSON.stringify(campaignPayload(campaign));
  const targets = await subscribers(db, campaign);
  const report: CampaignReport = { total: targets.length, sent: 0, failed: 0, removed: 0, reasons: new Map() };
  const delivered: number[] = [];
  const gone: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++];
      const result = pushEndpointAllowed(target.endpoint, options.pushHosts)
        ? await sendPush(target, payload, vapid, options)
        : NOT_ALLOWED;
      if (result.ok) {
        delivered.push(target.id);
        continue;
      }
      report.reasons.set(result.reason, (report.reasons.get(result.reason) ?? 0) + 1);
      if (result.gone) gone.push(target.id);
      else report.failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, worker));
  await markSent(db, delivered, options.now ?? new Date());
  await removeSubscriptionsById(db, gone);
  report.sent = delivered.length;
  report.removed = gone.length;
  return report;
}
