// Brute-force protection for password logins, counted per login id in the database (so it
// holds across instances and whatever the IP): after 5 failures within 15 minutes a login must
// carry a captcha key (services/captcha-keys.ts); after 100 failures within an hour the
// account refuses password logins until the hour has passed. A success clears the count.
//
// Every attempt reserves its slot BEFORE the password is verified: in one transaction,
// serialised per login id by an advisory lock, it checks the counts, takes one of the captcha
// key's tries when a key is needed, and inserts its failure row up front. A parallel burst of
// guesses therefore sees its own reservations: at most CAPTCHA_AFTER_FAILURES of them reach
// argon2 without a key. A success deletes the failures (the reservation among them); an
// attempt that turns out not to be a password guess (the Google check) gives its slot back.
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { loginFailures } from "../../../db/schema";
import { authError } from "../errors";
import { refundCaptchaKeyTry, takeCaptchaKeyTry } from "./captcha-keys";

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

/** An attempt that holds a slot: its failure row exists already, and its captcha try is taken. */
export interface ReservedAttempt {
  loginId: string;
  /** The failure row inserted up front; it stays when the password turns out wrong. */
  failureId: number;
  /** Set when the attempt needed (and had) a captcha key; one of the key's tries is taken. */
  captchaKeyId: number | null;
}

async function failuresSince(db: Db, loginId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.loginId, loginId), gt(loginFailures.createdAt, since)));
  return row.n;
}

/**
 * Reserves a slot for one password check, or throws TOO_MANY_ATTEMPTS / CAPTCHA_REQUIRED when
 * the attempt may not even be tried. Call it before verifying the password, and settle the
 * reservation with loginSucceeded or releaseLoginAttempt (a wrong password needs nothing more).
 */
export function reserveLoginAttempt(db: Db, attempt: LoginAttempt): Promise<ReservedAttempt> {
  const { loginId, now } = attempt;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`login:${loginId}`}))`);
    if ((await failuresSince(tx, loginId, new Date(now.getTime() - LOCKOUT_WINDOW_MS))) >= LOCKOUT_FAILURES) {
      throw authError("TOO_MANY_ATTEMPTS");
    }
    let captchaKeyId: number | null = null;
    if ((await failuresSince(tx, loginId, new Date(now.getTime() - CAPTCHA_WINDOW_MS))) >= CAPTCHA_AFTER_FAILURES) {
      captchaKeyId = attempt.captchaKey ? await takeCaptchaKeyTry(tx, attempt.captchaKey, now) : null;
      if (captchaKeyId === null) throw authError("CAPTCHA_REQUIRED");
    }
    const [row] = await tx
      .insert(loginFailures)
      .values({ loginId, ip: attempt.ip, createdAt: now })
      .returning({ id: loginFailures.id });
    return { loginId, failureId: row.id, captchaKeyId };
  });
}

/** The password was right: every failure of the login id goes (the reservation too). */
export async function loginSucceeded(db: Db, reserved: ReservedAttempt): Promise<void> {
  await clearLoginFailures(db, reserved.loginId);
  if (reserved.captchaKeyId !== null) await refundCaptchaKeyTry(db, reserved.captchaKeyId);
}

/** The attempt was no password guess after all (e.g. the Google check): give the slot back. */
export async function releaseLoginAttempt(db: Db, reserved: ReservedAttempt): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, reserved.failureId));
  if (reserved.captchaKeyId !== null) await refundCaptchaKeyTry(db, reserved.captchaKeyId);
}

export async function clearLoginFailures(db: Db, loginId: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.loginId, loginId));
}
