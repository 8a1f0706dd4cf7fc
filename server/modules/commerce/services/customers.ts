// The user's customer at the payment service provider (saved methods belong to it): one row per
// user and adapter in payment_customers, created on first need. Race-safe: the adapter answers
// the same customer for the same idempotency key, and the primary key keeps one row whatever
// number of requests create it at once.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { paymentCustomers } from "../../../db/schema";
import type { PaymentsAdapter } from "../../../adapters/payments/payments-adapter";

/** The stored customer id of `userId` at `adapter`, or null. */
export async function customerIdOf(db: Db, adapterName: string, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.adapter, adapterName)));
  return row?.customerId ?? null;
}

/** The user's customer id at the adapter, created there (and stored) when there is none yet. */
export async function ensureCustomer(db: Db, adapter: PaymentsAdapter, userId: number): Promise<string> {
  const known = await customerIdOf(db, adapter.name, userId);
  if (known) return known;
  const reference = `user:${userId}`;
  const customerId = await adapter.createCustomer({ reference, idempotencyKey: `customer:${reference}` });
  await db.insert(paymentCustomers).values({ userId, adapter: adapter.name, customerId }).onConflictDoNothing();
  return (await customerIdOf(db, adapter.name, userId)) ?? customerId;
}
