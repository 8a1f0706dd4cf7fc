// Monitor alerts as web pushes. Instant (daily_digest off): after an evaluation, each user's
// un-pushed alerts are claimed (UPDATE ... SET pushed_at ... RETURNING, so retries and other
// instances never send them again) and sent as ONE push: a single alert with its words and the
// item's detail path, several as "N changes in your monitored items" opening the Alerts tab.
// A user's alerts wait while another instance still holds some of the user's items of that
// version (their baseline older than the alert's version), so the instance that commits the
// user's last item sends the one push with all of them.
// Digest (daily_digest on): at most once a day per user, claimed on monitor_settings.last_digest_at
// the same way, one push with the alerts waiting since the last one. Every push goes to each of
// the user's subscriptions in the subscription's language.
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  MONITOR_ALERTS_PATH,
  monitorDetailPath,
  type MonitorAlertType,
  type MonitorKind,
} from "../../../../contract/monitoring";
import type { Db } from "../../../db/client";
import { monitorAlerts, monitorSettings } from "../../../db/schema";
import type { Translator } from "../../../lib/translations";
import { sendPushToUser, type VapidKeys } from "../../engagement";
import { ALERT_MESSAGES, alertText } from "../alert-messages";

export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface PushContext {
  db: Db;
  vapid: VapidKeys;
  translator: Translator;
  pushHosts: readonly string[];
}

const CLAIMED = {
  userId: monitorAlerts.userId,
  kind: monitorAlerts.kind,
  entityId: monitorAlerts.entityId,
  type: monitorAlerts.type,
  detail: monitorAlerts.detail,
};

interface ClaimedAlert {
  userId: number;
  kind: MonitorKind;
  entityId: string;
  type: MonitorAlertType;
  detail: Record<string, unknown>;
}

/** The payload the service worker shows ({title, body, url, campaign: "monitor"}), in `language`. */
export function monitorPushPayload(
  translator: Translator,
  language: string,
  alerts: readonly ClaimedAlert[],
  digest: boolean,
) {
  const title = translator.format(language, digest ? ALERT_MESSAGES.digestTitle : ALERT_MESSAGES.pushTitle);
  if (alerts.length === 1 && !digest) {
    const [alert] = alerts;
    return {
      title,
      body: alertText(translator, language, alert),
      url: monitorDetailPath(alert.kind, alert.entityId),
      campaign: "monitor",
    };
  }
  return {
    title,
    body: translator.format(language, ALERT_MESSAGES.several, { count: alerts.length }),
    url: MONITOR_ALERTS_PATH,
    campaign: "monitor",
  };
}

function byUser(alerts: readonly ClaimedAlert[]): Map<number, ClaimedAlert[]> {
  const users = new Map<number, ClaimedAlert[]>();
  for (const alert of alerts) {
    const { userId } = alert;
    users.set(userId, [...(users.get(userId) ?? []), alert]);
  }
  return users;
}

async function sendGrouped(ctx: PushContext, alerts: readonly ClaimedAlert[], digest: boolean, now: Date) {
  let pushes = 0;
  for (const [userId, own] of byUser(alerts)) {
    const report = await sendPushToUser(
      ctx.db,
      ctx.vapid,
      userId,
      (language) => monitorPushPayload(ctx.translator, language, own, digest),
      { pushHosts: ctx.pushHosts, now },
    );
    pushes += report.sent;
  }
  return pushes;
}

/** Claims and pushes the waiting alerts of users without the daily digest; the pushes sent. */
export async function pushInstantAlerts(ctx: PushContext, now: Date): Promise<number> {
  const claimed = await ctx.db
    .update(monitorAlerts)
    .set({ pushedAt: now })
    .where(
      and(
        isNull(monitorAlerts.pushedAt),
        sql`NOT EXISTS (SELECT 1 FROM monitor_settings s WHERE s.user_id = ${monitorAlerts.userId} AND s.daily_digest)`,
        sql`NOT EXISTS (SELECT 1 FROM monitors m WHERE m.user_id = ${monitorAlerts.userId}
          AND m.baseline_version IS NOT NULL AND m.baseline_version < ${monitorAlerts.version})`,
      ),
    )
    .returning(CLAIMED);
  return sendGrouped(ctx, claimed, false, now);
}

/** Claims the users due a digest (none in the last day) and sends each one with their waiting alerts. */
export async function pushDigests(ctx: PushContext, now: Date): Promise<number> {
  const due = await ctx.db
    .update(monitorSettings)
    .set({ lastDigestAt: now })
    .where(
      and(
        eq(monitorSettings.dailyDigest, true),
        or(
          isNull(monitorSettings.lastDigestAt),
          lte(monitorSettings.lastDigestAt, new Date(now.getTime() - DIGEST_INTERVAL_MS)),
        ),
        sql`EXISTS (SELECT 1 FROM monitor_alerts a WHERE a.user_id = ${monitorSettings.userId} AND a.pushed_at IS NULL)`,
      ),
    )
    .returning({ userId: monitorSettings.userId });
  if (due.length === 0) return 0;
  const claimed = await ctx.db
    .update(monitorAlerts)
    .set({ pushedAt: now })
    .where(
      and(
        isNull(monitorAlerts.pushedAt),
        inArray(
          monitorAlerts.userId,
          due.map((d) => d.userId),
        ),
      ),
    )
    .returning(CLAIMED);
  return sendGrouped(ctx, claimed, true, now);
}
