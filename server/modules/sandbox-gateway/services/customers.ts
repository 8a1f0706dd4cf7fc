// The sandbox gateway's customers (table sandbox_customers): the owner of saved methods, created
// once per idempotency key for the merchant's reference (user:{id}); the same key answers the
// same cus_ id, the same key with another reference is refused.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { sandboxCustomers } from "../../../db/schema";
import { newId } from "./ids";
import { insertOnce } from "./idempotent-insert";

export type SandboxCustomer = typeof sandboxCustomers.$inferSelect;

export async function createCustomer(
  db: Db,
  request: { reference: string; idempotencyKey: string },
  now: Date,
): Promise<SandboxCustomer> {
  if (request.reference === "" || request.idempotencyKey === "")
    throw new RangeError("a customer needs a reference and an idempotency key");
  const values = { id: newId("customer"), ...request, createdAt: now };
  return (await insertOnce(db, sandboxCustomers, "customer", values, ["reference"])).row;
}

export async function findCustomer(db: Db, id: string): Promise<SandboxCustomer | null> {
  const [customer] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
  return customer ?? null;
}
