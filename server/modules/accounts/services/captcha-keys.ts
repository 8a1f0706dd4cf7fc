// Captcha keys: what a solved human-verification challenge is exchanged for (the spec's
// recaptchaKey). A key is random (256 bits), stored only as a hash, valid for one day (the
// client keeps it in a cookie that long) and spent after it has been presented on 5 failed
// logins, so one solved puzzle buys at most 5 more password guesses. Each presentation takes a
// try before the password is checked (services/login-guard.ts); a successful login gives it back.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { captchaKeys, captchaRedemptions } from "../../../db/schema";

export const CAPTCHA_KEY_TTL_MS = 24 * 60 * 60_000;
export const FAILURES_PER_KEY = 5;

function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/**
 * Marks a verified challenge as used; false when it already was (a replayed solution).
 * The insert is the check, so two racing redemptions cannot both succeed.
 */
export async function redeemChallenge(db: Db, challengeId: string): Promise<boolean> {
  const inserted = await db
    .insert(captchaRedemptions)
    .values({ challengeId })
    .onConflictDoNothing()
    .returning({ challengeId: captchaRedemptions.challengeId });
  return inserted.length === 1;
}

export async function issueCaptchaKey(db: Db, now: Date): Promise<string> {
  const key = randomBytes(32).toString("base64url");
  await db.insert(captchaKeys).values({
    keyHash: hashKey(key),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CAPTCHA_KEY_TTL_MS),
  });
  return key;
}

/**
 * Takes one of a valid key's tries and answers its id, or null when the key is unknown, expired
 * or spent. The check and the count are one UPDATE guarded by `failures < FAILURES_PER_KEY`
 * (PostgreSQL re-checks the guard after a concurrent update), so a key never admits more
 * attempts than its budget, however many requests present it at once.
 */
export async function takeCaptchaKeyTry(db: Db, key: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(captchaKeys)
    .set({ failures: sql`${captchaKeys.failures} + 1` })
    .where(
      and(
        eq(captchaKeys.keyHash, hashKey(key)),
        gt(captchaKeys.expiresAt, now),
        lt(captchaKeys.failures, FAILURES_PER_KEY),
      ),
    )
    .returning({ id: captchaKeys.id });
  return row?.id ?? null;
}

/** Gives a try back: the attempt that took it was not a failed login after all. */
export async function refundCaptchaKeyTry(db: Db, id: number): Promise<void> {
  await db
    .update(captchaKeys)
    .set({ failures: sql`${captchaKeys.failures} - 1` })
    .where(and(eq(captchaKeys.id, id), gt(captchaKeys.failures, 0)));
}
