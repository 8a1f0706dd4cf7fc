// User accounts as the domain sees them, with no HTTP in sight: the login flows (later issue)
// and the tests create and look up users only through here, so normalisation lives in one place.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, type NewUser, type User } from "../db/schema";

export type NewUserFields = Omit<NewUser, "id" | "createdAt" | "updatedAt">;

/** Inserts a user; e-mail is trimmed and lower-cased so uniqueness ignores case. */
export async function createUser(db: Db, fields: NewUserFields): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ ...fields, email: fields.email?.trim().toLowerCase() ?? null })
    .returning();
  return user!;
}

export async function findUserById(db: Db, id: number): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}
