// The sandbox gateway's payments, kept as a PSP keeps them (table sandbox_payments): created once
// per idempotency key, open (requires_action) until the payer approves, declines or lets it
// expire on the hosted page, or the merchant cancels it. A payer's decision changes the state,
// saves the method when the merchant asked (saveFor: a card entered on the page, or a wallet
// mandate) and queues its webhook in one transaction, and only an open payment changes (a single
// conditional UPDATE, so two clicks or two instances never both win). Off-session charges
// (services/charges.ts) are payments too, created final.
import { and, desc, eq } from "drizzle-orm";
import type { SavedMethodKind } from "../../../../contract/commerce";
import type { PaymentRequest, PaymentState } from "../../../adapters/payments/payments-adapter";
import type { Db } from "../../../db/client";
import { sandboxPayments, sandboxWebhookDeliveries } from "../../../db/schema";
import { isSitePath } from "../../../lib/site-path";
import { eventPayload, type EventState } from "./events";
import { newId } from "./ids";
import { insertOnce } from "./idempotent-insert";
import { insertMethod, type MethodDraft } from "./methods";

export type SandboxPayment = typeof sandboxPayments.$inferSelect;
export type SandboxStatus = SandboxPayment["status"];

/** The payer's decisions on the hosted page and the state each leads to. */
export const PAYER_ACTIONS = { approve: "succeeded", decline: "failed", expire: "expired" } as const satisfies Record<
  string,
  EventState
>;
export type PayerAction = keyof typeof PAYER_ACTIONS;

/** What a decision does: the state it leads to, and the method it saves (approving a saving payment). */
export interface Decision {
  state: EventState;
  save: MethodDraft | null;
}

export const decisionOf = (action: PayerAction): Decision => ({ state: PAYER_ACTIONS[action], save: null });

/** What the adapter reports for a stored status. */
export function paymentStateOf(status: SandboxStatus): PaymentState {
  return status === "requires_action" ? "pending" : status;
}

export const isFinal = (payment: Pick<SandboxPayment, "status">): boolean => payment.status !== "requires_action";

export function assertPositiveAmount(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError("amountMinor must be a positive integer");
}

type NewPayment = Omit<typeof sandboxPayments.$inferInsert, "id">;

/** The fields an idempotency key binds: a retry with other values is another payment, refused. */
const BOUND_FIELDS = ["amountMinor", "currency", "method", "reference", "customerId", "paymentMethodId"] as const;

/**
 * Inserts the payment of `values.idempotencyKey`, or answers the one a first call made (created
 * false). Inside a transaction, a concurrent first call is waited for by the unique index.
 */
export async function insertPaymentOnce(
  db: Db,
  values: NewPayment,
): Promise<{ payment: SandboxPayment; created: boolean }> {
  const { row, created } = await insertOnce(
    db,
    sandboxPayments,
    "payment",
    { id: newId("payment"), ...values },
    BOUND_FIELDS,
  );
  return { payment: row, created };
}

/**
 * The payment of `request`'s idempotency key: created now, or the one a first call created.
 * `saveKind`: what the method saves as when the payer approves (null: it cannot be saved).
 */
export async function createPayment(
  db: Db,
  request: PaymentRequest,
  now: Date,
  saveKind: SavedMethodKind | null = null,
): Promise<SandboxPayment> {
  assertPositiveAmount(request.amountMinor);
  if (!isSitePath(request.returnUrl)) throw new RangeError("returnUrl must be a path on this site");
  const { payment } = await insertPaymentOnce(db, {
    idempotencyKey: request.idempotencyKey,
    amountMinor: request.amountMinor,
    currency: request.currency,
    method: request.method,
    description: request.description,
    reference: request.reference,
    returnUrl: request.returnUrl,
    customerId: request.saveFor?.customerId ?? null,
    saveMethod: request.saveFor !== undefined && saveKind !== null,
    createdAt: now,
    updatedAt: now,
  });
  return payment;
}

/** Queues the webhook event of a payment that just became final (inside its transaction). */
export async function queueEvent(db: Db, payment: SandboxPayment, state: EventState, now: Date): Promise<void> {
  const eventId = newId("event");
  await db.insert(sandboxWebhookDeliveries).values({
    eventId,
    paymentId: payment.id,
    payload: eventPayload(eventId, payment.id, payment.reference, state),
    nextAttemptAt: now,
    createdAt: now,
  });
}

export async function findPayment(db: Db, id: string): Promise<SandboxPayment | null> {
  const [payment] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return payment ?? null;
}

/**
 * Applies the payer's decision to an open payment (saving its method when it succeeds and the
 * merchant asked) and queues its webhook, in one transaction. Answers the payment as it is
 * afterwards, and whether this call changed it (false when it was already final); null when
 * there is no such payment.
 */
export async function decide(
  db: Db,
  id: string,
  decision: Decision,
  now: Date,
): Promise<{ payment: SandboxPayment; changed: boolean } | null> {
  const { state, save } = decision;
  const changed = await db.transaction(async (tx) => {
    let [updated] = await tx
      .update(sandboxPayments)
      .set({ status: state, updatedAt: now })
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, "requires_action")))
      .returning();
    if (!updated) return null;
    if (state === "succeeded" && save && updated.saveMethod && updated.customerId) {
      const method = await insertMethod(tx, updated.customerId, save, now);
      [updated] = await tx
        .update(sandboxPayments)
        .set({ paymentMethodId: method.id })
        .where(eq(sandboxPayments.id, id))
        .returning();
    }
    await queueEvent(tx, updated, state, now);
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
