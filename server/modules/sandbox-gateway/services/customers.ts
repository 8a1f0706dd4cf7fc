// The sandbox gateway's customers (table sandbox_customers): the owner of saved methods, created
// once per idempotency key for the merchant's reference (user:{id}); the same key answers the
// same cus_ id, the same key with another reference is refused.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { sandboxCustomers } from "../../../db/schema";
import { IdempotencyKeyReused } from "./errors";
import { newId } from "./ids";

export type SandboxCustomer = typeof sandboxCustomers.$inferSelect;

export async function createCustomer(
  db: Db,
  request: { reference: string; idempotencyKey: string },
  now: Date,
): Promise<SandboxCustomer> {
  if (request.reference === "" || request.idempotencyKey === "")
    throw new RangeError("a customer needs a reference and an idempotency key");
  const [created] = await db
    .insert(sandboxCustomers)
    .values({ id: newId("customer"), ...request, createdAt: now })
    .onConflictDoNothing({ target: sandboxCustomers.idempotencyKey })
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(sandboxCustomers)
    .where(eq(sandboxCustomers.idempotencyKey, request.idempotencyKey));
  if (!existing) throw new Error("sandbox customer vanished after an idempotency conflict");
  if (existing.reference !== request.reference)
    throw new IdempotencyKeyReused("idempotency key reused for another customer");
  return existing;
}

export async function findCustomer(db: Db, id: string): Promise<SandboxCustomer | null> {
  const [customer] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
  return customer ?? null;
}
