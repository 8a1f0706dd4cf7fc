// One-time verification codes: issuing (with the resend and hourly limits, counted in the
// database so they hold across instances) and consuming (atomically, so a code logs in at most
// once however many requests race for it). Codes are 6 random digits, kept only as an HMAC
// bound to their purpose and login id, valid 10 minutes, burned after 5 wrong tries. A login id
// gets at most MAX_SENDS_PER_DAY codes a day, and after BURNED_CODES_BEFORE_LOCK burned codes
// it can neither request nor use codes until the day-long window has passed.
import { createHmac, randomInt } from "node:crypto";
import { and, count, desc, eq, gt, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { verificationCodes } from "../../../db/schema";
import type { DomainError } from "../../../lib/domain-error";
import { authError, resendTooSoon } from "../errors";

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_INTERVAL_MS = 60_000;
export const MAX_SENDS_PER_HOUR = 5;
export const MAX_ATTEMPTS = 5;
/** Codes sent to one login id per CODE_HISTORY_MS (all purposes); the next answers CODE_DAILY_LIMIT. */
export const MAX_SENDS_PER_DAY = 10;
/** Burned codes (MAX_ATTEMPTS wrong tries) of one login id per CODE_HISTORY_MS before CODE_LOCKED. */
export const BURNED_CODES_BEFORE_LOCK = 3;
/**
 * The window of the daily cap and of the burned-code lock, counted from each code's creation.
 * The code rows are the record: a purge must keep rows younger than this.
 */
export const CODE_HISTORY_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;

/** The spec's eventType: which edition's flows a code may be used in. */
export const PURPOSES = { zh: 5, overseas: 10 } as const;
export type Purpose = (typeof PURPOSES)[keyof typeof PURPOSES];

export function purposeForSystem(systemId: number): Purpose {
  return systemId === 13 ? PURPOSES.zh : PURPOSES.overseas;
}

export interface CodeKeys {
  /** HMAC key (a server secret): a leaked table cannot be brute-forced offline. */
  pepper: Buffer;
}

function codeHash(keys: CodeKeys, purpose: number, loginId: string, code: string): string {
  return createHmac("sha256", keys.pepper).update(`${purpose}\n${loginId}\n${code}`).digest("hex");
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export interface IssueRequest {
  loginId: string;
  purpose: Purpose;
  ip: string;
  now: Date;
  ipHourlyLimit: number;
}

export interface IssuedCode {
  id: number;
  code: string;
}

/** How many codes created after `since` match `which` (a login id's or an address's, burned or not). */
async function codesSince(db: Db, which: SQL | undefined, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(which, gt(verificationCodes.createdAt, since)));
  return row.n;
}

/** Burned: MAX_ATTEMPTS wrong tries and never used. */
const burnedCodesOf = (loginId: string) =>
  and(
    eq(verificationCodes.loginId, loginId),
    gte(verificationCodes.attempts, MAX_ATTEMPTS),
    isNull(verificationCodes.consumedAt),
  );

/** CODE_LOCKED while the login id has burned BURNED_CODES_BEFORE_LOCK codes within CODE_HISTORY_MS. */
async function lockError(db: Db, loginId: string, now: Date): Promise<DomainError | null> {
  const burned = await codesSince(db, burnedCodesOf(loginId), new Date(now.getTime() - CODE_HISTORY_MS));
  return burned >= BURNED_CODES_BEFORE_LOCK ? authError("CODE_LOCKED") : null;
}

/**
 * Creates a code after checking the limits: no lock (burned codes), one per 60 s, 5 per hour
 * and MAX_SENDS_PER_DAY per day per login id, and `ipHourlyLimit` per IP. An advisory lock per
 * IP and per login id serialises concurrent requests, so two racing sends cannot both pass the
 * 60 s check. Older unused codes for the same purpose are retired: only the newest one works
 * (burned ones stay as they are: they are the lock's record).
 */
export async function issueCode(db: Db, keys: CodeKeys, request: IssueRequest): Promise<IssuedCode> {
  const { loginId, purpose, ip, now } = request;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  return db.transaction(async (tx) => {
    // Always IP first, then login id: a fixed order cannot deadlock.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`code-ip:${ip}`}))`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`code-id:${loginId}`}))`);

    const locked = await lockError(tx, loginId, now);
    if (locked) throw locked;

    const [latest] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(eq(verificationCodes.loginId, loginId))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (latest) {
      const waitMs = latest.createdAt.getTime() + RESEND_INTERVAL_MS - now.getTime();
      if (waitMs > 0) throw resendTooSoon(Math.ceil(waitMs / 1000));
    }

    const ofLoginId = eq(verificationCodes.loginId, loginId);
    if ((await codesSince(tx, ofLoginId, hourAgo)) >= MAX_SENDS_PER_HOUR) throw authError("CODE_TOO_MANY_SENDS");
    const dayAgo = new Date(now.getTime() - CODE_HISTORY_MS);
    if ((await codesSince(tx, ofLoginId, dayAgo)) >= MAX_SENDS_PER_DAY) throw authError("CODE_DAILY_LIMIT");
    const ofAddress = eq(verificationCodes.ip, ip);
    if ((await codesSince(tx, ofAddress, hourAgo)) >= request.ipHourlyLimit) throw authError("CODE_IP_LIMIT");

    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCodes.loginId, loginId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.attempts, MAX_ATTEMPTS),
        ),
      );
    const code = newCode();
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        loginId,
        purpose,
        codeHash: codeHash(keys, purpose, loginId, code),
        ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      })
      .returning({ id: verificationCodes.id });
    return { id: row.id, code };
  });
}

/** Forgets a code whose message could not be sent, so it counts against no limit. */
export async function withdrawCode(db: Db, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

export interface ConsumeRequest {
  loginId: string;
  purpose: Purpose;
  code: string;
  now: Date;
}

/**
 * Uses up the newest code for (login id, purpose), or throws CODE_REQUIRED / CODE_LOCKED /
 * CODE_WRONG / CODE_EXPIRED / CODE_BURNED.
 */
export async function consumeCode(db: Db, keys: CodeKeys, request: ConsumeRequest): Promise<void> {
  const refused = await tryConsumeCode(db, keys, request);
  if (refused) throw refused;
}

/**
 * consumeCode that answers the refusal instead of throwing it, for callers inside a
 * transaction: a wrong try must still be committed (or the 5-try rule would roll back with it).
 * Counting the try and consuming happen in one UPDATE guarded by `consumed_at IS NULL AND
 * attempts < 5`: PostgreSQL re-checks that guard after a concurrent update, so of many racing
 * correct submissions exactly one gets the row back.
 */
export async function tryConsumeCode(db: Db, keys: CodeKeys, request: ConsumeRequest): Promise<DomainError | null> {
  const { loginId, purpose, now } = request;
  const code = request.code.replace(/\s/g, "");
  if (code === "") return authError("CODE_REQUIRED");
  const locked = await lockError(db, loginId, now);
  if (locked) return locked;

  const [current] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.loginId, loginId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!current) return authError("CODE_WRONG");
  if (current.expiresAt.getTime() <= now.getTime()) return authError("CODE_EXPIRED");
  if (current.attempts >= MAX_ATTEMPTS) return authError("CODE_BURNED");

  const hash = codeHash(keys, purpose, loginId, code);
  const nowText = now.toISOString();
  const [result] = await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      consumedAt: sql`CASE WHEN ${verificationCodes.codeHash} = ${hash} THEN ${nowText}::timestamptz ELSE NULL END`,
    })
    .where(
      and(
        eq(verificationCodes.id, current.id),
        isNull(verificationCodes.consumedAt),
        sql`${verificationCodes.attempts} < ${MAX_ATTEMPTS}`,
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .returning({ consumedAt: verificationCodes.consumedAt, attempts: verificationCodes.attempts });
  if (result?.consumedAt) return null;
  if (result && result.attempts >= MAX_ATTEMPTS) return authError("CODE_BURNED");
  return authError("CODE_WRONG");
}
