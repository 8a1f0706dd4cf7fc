// The sandbox gateway's payments, kept as a PSP keeps them (table sandbox_payments): created once
// per idempotency key, open (requires_action) until the payer approves, declines or lets it
// expire on the hosted page, or the merchant cancels it. A payer's decision changes the state and
// queues its webhook delivery in one transaction, and only an open payment changes (a single
// conditional UPDATE, so two clicks or two instances never both win).
import { and, desc, eq } from "drizzle-orm";
import type { PaymentRequest, PaymentState } from "../../../adapters/payments/payments-adapter";
import type { Db } from "../../../db/client";
import { sandboxPayments, sandboxWebhookDeliveries } from "../../../db/schema";
import { EVENT_ID_PREFIX, eventPayload, PAYMENT_ID_PREFIX, randomId, type EventState } from "./events";

export type SandboxPayment = typeof sandboxPayments.$inferSelect;
export type SandboxStatus = SandboxPayment["status"];

/** The payer's decisions on the hosted page and the state each leads to. */
export const PAYER_ACTIONS = { approve: "succeeded", decline: "failed", expire: "expired" } as const satisfies Record<
  string,
  EventState
>;
export type PayerAction = keyof typeof PAYER_ACTIONS;

/** Thrown when an idempotency key comes back with a different payment (as PSPs refuse it). */
export class IdempotencyKeyReused extends Error {
  override name = "IdempotencyKeyReused";
}

/** What the adapter reports for a stored status. */
export function paymentStateOf(status: SandboxStatus): PaymentState {
  return status === "requires_action" ? "pending" : status;
}

export const isFinal = (payment: Pick<SandboxPayment, "status">): boolean => payment.status !== "requires_action";

/** A path on this site (never another origin: no scheme, no `//host`, no backslash tricks). */
export function isSitePath(url: string): boolean {
  return /^\/(?![/\\])/.test(url) && !/[\s\\]/.test(url);
}

const sameRequest = (payment: SandboxPayment, request: PaymentRequest) =>
  payment.amountMinor === request.amountMinor &&
  payment.currency === request.currency &&
  payment.method === request.method &&
  payment.reference === request.reference;

/** The payment of `request`'s idempotency key: created now, or the one a first call created. */
export async function createPayment(db: Db, request: PaymentRequest, now: Date): Promise<SandboxPayment> {
  if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0)
    throw new RangeError("amountMinor must be a positive integer");
  if (!isSitePath(request.returnUrl)) throw new RangeError("returnUrl must be a path on this site");
  const [created] = await db
    .insert(sandboxPayments)
    .values({
      id: randomId(PAYMENT_ID_PREFIX),
      idempotencyKey: request.idempotencyKey,
      amountMinor: request.amountMinor,
      currency: request.currency,
      method: request.method,
      description: request.description,
      reference: request.reference,
      returnUrl: request.returnUrl,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.idempotencyKey, request.idempotencyKey));
  if (!existing) throw new Error("sandbox payment vanished after an idempotency conflict");
  if (!sameRequest(existing, request)) throw new IdempotencyKeyReused("idempotency key reused for another payment");
  return existing;
}

export async function findPayment(db: Db, id: string): Promise<SandboxPayment | null> {
  const [payment] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return payment ?? null;
}

/**
 * Applies the payer's decision to an open payment and queues its webhook, in one transaction.
 * Answers the payment as it is afterwards, and whether this call changed it (false when it was
 * already final); null when there is no such payment.
 */
export async function decide(
  db: Db,
  id: string,
  action: PayerAction,
  now: Date,
): Promise<{ payment: SandboxPayment; changed: boolean } | null> {
  const state = PAYER_ACTIONS[action];
  const changed = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sandboxPayments)
      .set({ status: state, updatedAt: now })
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, "requires_action")))
      .returning();
    if (!updated) return null;
    const eventId = randomId(EVENT_ID_PREFIX);
    await tx.insert(sandboxWebhookDeliveries).values({
      eventId,
      paymentId: id,
      payload: eventPayload(eventId, id, updated.reference, state),
      nextAttemptAt: now,
      createdAt: now,
    });
    return updated;
  });
  if (changed) return { payment: changed, changed: true };
  const payment = await findPayment(db, id);
  return payment && { payment, changed: false };
}

/** The merchant cancels an open payment (no webhook: the merchant asked); a final one stays. */
export async function cancel(db: Db, id: string, now: Date): Promise<SandboxPayment | null> {
  await db
    .update(sandboxPayments)
    .set({ status: "canceled", updatedAt: now })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, "requires_action")));
  return findPayment(db, id);
}

/**
 * Queues `times` more deliveries of the payment's last event (same event id and body), as a
 * PSP's "resend" does. Answers the number queued: 0 when the payment has no event yet.
 */
export async function queueResend(db: Db, paymentId: string, times: number, now: Date): Promise<number> {
  const [last] = await db
    .select()
    .from(sandboxWebhookDeliveries)
    .where(eq(sandboxWebhookDeliveries.paymentId, paymentId))
    .orderBy(desc(sandboxWebhookDeliveries.id))
    .limit(1);
  if (!last) return 0;
  const copy = { eventId: last.eventId, paymentId, payload: last.payload, nextAttemptAt: now, createdAt: now };
  await db.insert(sandboxWebhookDeliveries).values(Array.from({ length: times }, () => copy));
  return times;
}
