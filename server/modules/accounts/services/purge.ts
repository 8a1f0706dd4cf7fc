// Which account rows are past keeping, for the hourly purge (jobs/purge.ts): every table that
// anonymous traffic can add to. Each keeps its rows a while past the longest window anything
// still counts them in, so a purge never changes a limit's answer.
import { and, isNotNull, lt, or } from "drizzle-orm";
import {
  captchaKeys,
  captchaRedemptions,
  loginFailures,
  outbox,
  qrLoginTickets,
  sessions,
  verificationCodes,
} from "../../../db/schema";
import type { PurgeTask } from "../../../db/batched-delete";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long rows stay once they no longer count. Codes double as the send log of the hourly and
 * daily limits (one day at most); failed logins count for an hour; a captcha challenge can be
 * redeemed for ten minutes; QR tickets live two minutes; outbox messages carry codes that
 * expire in ten.
 */
export const ACCOUNT_RETENTION_MS = {
  verificationCodes: 7 * DAY_MS,
  loginFailures: DAY_MS,
  captchaRedemptions: DAY_MS,
  qrLoginTickets: DAY_MS,
  expiredSessions: DAY_MS,
  outbox: DAY_MS,
} as const;

export function accountPurgeTasks(now: Date): PurgeTask[] {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const keep = ACCOUNT_RETENTION_MS;
  return [
    {
      name: "verification codes",
      table: verificationCodes,
      key: verificationCodes.id,
      expired: lt(verificationCodes.createdAt, before(keep.verificationCodes)),
    },
    {
      name: "login failures",
      table: loginFailures,
      key: loginFailures.id,
      expired: lt(loginFailures.createdAt, before(keep.loginFailures)),
    },
    { name: "captcha keys", table: captchaKeys, key: captchaKeys.id, expired: lt(captchaKeys.expiresAt, now) },
    {
      name: "captcha redemptions",
      table: captchaRedemptions,
      key: captchaRedemptions.challengeId,
      expired: lt(captchaRedemptions.createdAt, before(keep.captchaRedemptions)),
    },
    {
      name: "QR login tickets",
      table: qrLoginTickets,
      key: qrLoginTickets.id,
      expired: lt(qrLoginTickets.expiresAt, before(keep.qrLoginTickets)),
    },
    {
      name: "sessions",
      table: sessions,
      key: sessions.id,
      expired: or(
        lt(sessions.expiresAt, before(keep.expiredSessions)),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before(keep.expiredSessions))),
      )!,
    },
    { name: "outbox messages", table: outbox, key: outbox.id, expired: lt(outbox.createdAt, before(keep.outbox)) },
  ];
}
