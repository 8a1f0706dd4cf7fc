// User accounts as the domain sees them, with no HTTP in sight: the login flows and the tests
// create and look up users only through here, so normalisation (lower-cased e-mail) and the
// user's own invite code live in one place.
import { randomInt } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users, type NewUser, type User } from "../../../db/schema";
import type { LoginId } from "./login-ids";

export type NewUserFields = Omit<NewUser, "id" | "createdAt" | "updatedAt" | "ownInviteCode"> & {
  ownInviteCode?: string;
};

// No 0/O, 1/I: codes are read aloud and typed from posters. 32^10 = 2^50 possible codes.
const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const INVITE_LENGTH = 10;

export function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < INVITE_LENGTH; i += 1) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

function prepare(fields: NewUserFields): NewUser {
  return {
    ...fields,
    email: fields.email?.trim().toLowerCase() ?? null,
    ownInviteCode: fields.ownInviteCode ?? newInviteCode(),
  };
}

/** Inserts a user; e-mail is trimmed and lower-cased so uniqueness ignores case. */
export async function createUser(db: Db, fields: NewUserFields): Promise<User> {
  const [user] = await db.insert(users).values(prepare(fields)).returning();
  return user;
}

/**
 * Inserts a user unless one with the same e-mail, phone or Google id exists (then null).
 * The unique constraints decide, so concurrent sign-ups of one address make one account.
 */
export async function createUserIfNew(db: Db, fields: NewUserFields): Promise<User | null> {
  const [user] = await db.insert(users).values(prepare(fields)).onConflictDoNothing().returning();
  return user ?? null;
}

export async function findUserById(db: Db, id: number): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

/** By normalised phone or e-mail (services/login-ids.ts). */
export async function findUserByLoginId(db: Db, loginId: LoginId): Promise<User | null> {
  const column = loginId.kind === "phone" ? users.phone : users.email;
  const [user] = await db.select().from(users).where(eq(column, loginId.value));
  return user ?? null;
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.googleSub, sub));
  return user ?? null;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Records that the user added the support contact; the first time wins. Returns that time. */
export async function markSupportContactAdded(db: Db, userId: number, now: Date): Promise<Date> {
  await db
    .update(users)
    .set({ supportContactAddedAt: now })
    .where(and(eq(users.id, userId), isNull(users.supportContactAddedAt)));
  const [row] = await db.select({ addedAt: users.supportContactAddedAt }).from(users).where(eq(users.id, userId));
  return row?.addedAt ?? now;
}
