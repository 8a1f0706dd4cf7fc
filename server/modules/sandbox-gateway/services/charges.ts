// Off-session charges of saved methods (renewals): a sandbox payment with off_session set,
// created once per idempotency key and final at once, with its webhook queued in the same
// transaction, so a retried call answers the first payment and never charges twice. The method
// row is locked while deciding, so "fail the next charge" is used up by exactly one charge.
// Outcome: declined (card_declined) when the method always declines or was switched to fail its
// next charge (the switch then resets), failed (payment_method_detached) when it was detached,
// succeeded otherwise.
import { eq } from "drizzle-orm";
import type { OffSessionCharge } from "../../../adapters/payments/payments-adapter";
import type { Db } from "../../../db/client";
import { sandboxPaymentMethods, sandboxPayments } from "../../../db/schema";
import { SandboxRecordNotFound } from "./errors";
import { findMethod, type SandboxMethod } from "./methods";
import { assertPositiveAmount, insertPaymentOnce, queueEvent, type SandboxPayment } from "./payments";

export const FAILURE_CODES = { declined: "card_declined", detached: "payment_method_detached" } as const;

/** Off-session charges have no page to return to. */
const NO_RETURN_URL = "/";

/**
 * Why a failed payment failed. No column keeps it: an off-session charge of a method detached
 * by then failed for that; every other failure is a decline.
 */
export function failureCodeOf(payment: SandboxPayment, method: SandboxMethod | null): string | null {
  if (payment.status !== "failed") return null;
  const detached = payment.offSession && method?.detachedAt != null && method.detachedAt <= payment.createdAt;
  return detached ? FAILURE_CODES.detached : FAILURE_CODES.declined;
}

async function lockMethod(db: Db, id: string): Promise<SandboxMethod> {
  const [method] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id)).for("update");
  if (!method) throw new SandboxRecordNotFound("payment method", id);
  return method;
}

/** Charges a saved method; answers the (final) payment and whether this call made it. */
export async function chargeSaved(
  db: Db,
  charge: OffSessionCharge,
  now: Date,
): Promise<{ payment: SandboxPayment; created: boolean }> {
  assertPositiveAmount(charge.amountMinor);
  const known = await findMethod(db, charge.methodId);
  if (!known || known.customerId !== charge.customerId)
    throw new SandboxRecordNotFound("payment method", charge.methodId);
  return db.transaction(async (tx) => {
    const { payment, created } = await insertPaymentOnce(tx, {
      idempotencyKey: charge.idempotencyKey,
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      method: known.method,
      description: charge.description,
      reference: charge.reference,
      returnUrl: NO_RETURN_URL,
      customerId: charge.customerId,
      paymentMethodId: charge.methodId,
      offSession: true,
      createdAt: now,
      updatedAt: now,
    });
    if (!created) return { payment, created };
    const method = await lockMethod(tx, charge.methodId);
    const succeeds = method.detachedAt === null && !method.alwaysDecline && !method.failNextCharge;
    if (method.detachedAt === null && method.failNextCharge) {
      await tx
        .update(sandboxPaymentMethods)
        .set({ failNextCharge: false })
        .where(eq(sandboxPaymentMethods.id, method.id));
    }
    const state = succeeds ? "succeeded" : "failed";
    const [final] = await tx
      .update(sandboxPayments)
      .set({ status: state, updatedAt: now })
      .where(eq(sandboxPayments.id, payment.id))
      .returning();
    if (!final) throw new Error("sandbox off-session payment vanished");
    await queueEvent(tx, final, state, now);
    return { payment: final, created };
  });
}
