// Brute-force protection for password logins, counted per login id in the database (so it
// holds across instances and whatever the IP): after 5 failures within 15 minutes a login must
// carry a captcha key (services/captcha-keys.ts); after 100 failures within an hour the
// account refuses password logins until the hour has passed. A success clears the count.
import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { loginFailures } from "../../../db/schema";
import { authError } from "../errors";
import { findCaptchaKey, recordCaptchaKeyFailure } from "./captcha-keys";

export const CAPTCHA_AFTER_FAILURES = 5;
export const CAPTCHA_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_FAILURES = 100;
export const LOCKOUT_WINDOW_MS = 60 * 60_000;

export interface LoginAttempt {
  loginId: string;
  ip: string;
  now: Date;
  /** The key from POST /v1/user/ocean/recaptcha/validate, when the client sent one. */
  captchaKey?: string | null;
}

export interface AdmittedAttempt extends LoginAttempt {
  /** Set when the attempt needed (and had) a captcha key; a failure counts against it. */
  captchaKeyId: number | null;
}

async function failuresSince(db: Db, loginId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.loginId, loginId), gt(loginFailures.createdAt, since)));
  return row.n;
}

/** Throws TOO_MANY_ATTEMPTS or CAPTCHA_REQUIRED when the attempt may not even be tried. */
export async function admitLoginAttempt(db: Db, attempt: LoginAttempt): Promise<AdmittedAttempt> {
  const { loginId, now } = attempt;
  if ((await failuresSince(db, loginId, new Date(now.getTime() - LOCKOUT_WINDOW_MS))) >= LOCKOUT_FAILURES) {
    throw authError("TOO_MANY_ATTEMPTS");
  }
  if ((await failuresSince(db, loginId, new Date(now.getTime() - CAPTCHA_WINDOW_MS))) < CAPTCHA_AFTER_FAILURES) {
    return { ...attempt, captchaKeyId: null };
  }
  const key = attempt.captchaKey ? await findCaptchaKey(db, attempt.captchaKey, now) : null;
  if (!key) throw authError("CAPTCHA_REQUIRED");
  return { ...attempt, captchaKeyId: key.id };
}

export async function recordLoginFailure(db: Db, attempt: AdmittedAttempt): Promise<void> {
  await db.insert(loginFailures).values({ loginId: attempt.loginId, ip: attempt.ip, createdAt: attempt.now });
  if (attempt.captchaKeyId !== null) await recordCaptchaKeyFailure(db, attempt.captchaKeyId);
}

export async function clearLoginFailures(db: Db, loginId: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.loginId, loginId));
}
