// Login sessions: opaque random bearer tokens, of which the database keeps only a SHA-256
// hash, so a leaked table (or backup) cannot be replayed. Expiry and revocation are checked on
// every resolve; logout and "log out other devices" are plain revocations, kept for audit.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { DEFAULT_SESSION_TTL_MS } from "../../../config";
import type { Db } from "../../../db/client";
import { sessions, users, type User } from "../../../db/schema";

// 32 bytes = 256 bits of entropy; base64url keeps it header- and cookie-safe (43 characters).
const TOKEN_BYTES = 32;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export interface CreateSessionOptions {
  /** Defaults to 7 days; routes pass config.sessionTtlMs. */
  ttlMs?: number;
  userAgent?: string | null;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createSession(db: Db, userId: number, options: CreateSessionOptions = {}): Promise<NewSession> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const expiresAt = new Date(Date.now() + (options.ttlMs ?? DEFAULT_SESSION_TTL_MS));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    userAgent: options.userAgent ?? null,
  });
  return { token, expiresAt };
}

/** The user owning a live session (not expired, not revoked), or null. */
export async function resolveSession(db: Db, token: string): Promise<User | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  return row?.user ?? null;
}

/** Revokes one session; true when a live session was revoked. */
export async function revokeSession(db: Db, token: string): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/** Revokes every other live session of the user (e.g. after a password change); returns the count. */
export async function revokeOtherSessions(db: Db, userId: number, keepToken: string): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Revokes every live session of the user (e.g. after a password reset by code); returns the count. */
export async function revokeAllSessions(db: Db, userId: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}
