// Secrets the server generates for itself when configuration gives none: stored once in the
// server_keys table so every instance (and every restart) uses the same value. The first
// instance to insert wins; the others read its value back.
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { serverKeys } from "../../../db/schema";

export async function getOrCreateServerKey(
  db: Db,
  name: string,
  create: () => Promise<string> | string,
): Promise<string> {
  const read = async () => (await db.select().from(serverKeys).where(eq(serverKeys.name, name)))[0]?.value;
  const existing = await read();
  if (existing !== undefined) return existing;
  await db
    .insert(serverKeys)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const stored = await read();
  if (stored === undefined) throw new Error(`server key ${name} could not be stored`);
  return stored;
}

/** Purpose-bound keys derived from one master secret, so no two features share a key. */
export interface Secrets {
  derive: (purpose: string) => Buffer;
}

export async function loadSecrets(db: Db, configured: string | null): Promise<Secrets> {
  const master =
    configured ?? (await getOrCreateServerKey(db, "master_secret", () => randomBytes(32).toString("base64url")));
  return { derive: (purpose) => createHmac("sha256", master).update(`shopradar:${purpose}`).digest() };
}
