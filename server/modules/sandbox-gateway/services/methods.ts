// The sandbox gateway's saved payment methods (table sandbox_payment_methods): a test card's
// brand, last 4 digits and expiry (never its number), or an e-wallet mandate, each belonging to
// one customer. A method can be detached (it can no longer be charged; detaching again keeps the
// first time) and switched to fail its next off-session charge (for trying dunning).
import { asc, eq, isNull, and } from "drizzle-orm";
import { ALIPAY_CN_METHOD, type SavedMethodKind } from "../../../../contract/commerce";
import type { SavedMethodDetails } from "../../../adapters/payments/payments-adapter";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { sandboxPaymentMethods } from "../../../db/schema";
import { newId } from "./ids";
import type { CheckedCard } from "./test-cards";

export type SandboxMethod = typeof sandboxPaymentMethods.$inferSelect;

/** What a payer's approval saves: the checkout method, and the checked card for a card. */
export type MethodDraft = { method: string; kind: "card"; card: CheckedCard } | { method: string; kind: "wallet" };

/**
 * The kind of method `method` saves as: card and wallet methods of the checkout table, and
 * Alipay CN (a wallet taking mandates in the zh edition); null for QR and bank methods.
 */
export function savedKindOf(config: Pick<Config, "paymentMethods">, method: string): SavedMethodKind | null {
  if (method === ALIPAY_CN_METHOD) return "wallet";
  const kind = config.paymentMethods.find((entry) => entry.id === method)?.kind;
  return kind === "card" || kind === "wallet" ? kind : null;
}

/** Stores a method for `customerId` (inside the caller's transaction). */
export async function insertMethod(db: Db, customerId: string, draft: MethodDraft, now: Date): Promise<SandboxMethod> {
  const card = draft.kind === "card" ? draft.card : null;
  const [method] = await db
    .insert(sandboxPaymentMethods)
    .values({
      id: newId("method"),
      customerId,
      kind: draft.kind,
      method: draft.method,
      brand: card?.brand ?? null,
      last4: card?.last4 ?? null,
      expMonth: card?.expMonth ?? null,
      expYear: card?.expYear ?? null,
      alwaysDecline: card?.alwaysDecline ?? false,
      failNextCharge: card?.failNextCharge ?? false,
      createdAt: now,
    })
    .returning();
  if (!method) throw new Error("sandbox payment method not stored");
  return method;
}

export async function findMethod(db: Db, id: string): Promise<SandboxMethod | null> {
  const [method] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
  return method ?? null;
}

/** A customer's methods, oldest first (detached ones too). */
export function listMethods(db: Db, customerId: string): Promise<SandboxMethod[]> {
  return db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.customerId, customerId))
    .orderBy(asc(sandboxPaymentMethods.createdAt), asc(sandboxPaymentMethods.id));
}

/** What the adapter tells the merchant about a method. */
export function detailsOf(method: SandboxMethod): SavedMethodDetails {
  return {
    methodId: method.id,
    kind: method.kind,
    method: method.method,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
  };
}

/** Detaches a method (a detached one keeps its first detach time); null when there is none. */
export async function detach(db: Db, id: string, now: Date): Promise<SandboxMethod | null> {
  await db
    .update(sandboxPaymentMethods)
    .set({ detachedAt: now })
    .where(and(eq(sandboxPaymentMethods.id, id), isNull(sandboxPaymentMethods.detachedAt)));
  return findMethod(db, id);
}

/** Switches "fail the next off-session charge" on or off; null when there is no such method. */
export async function setFailNextCharge(db: Db, id: string, failNext: boolean): Promise<SandboxMethod | null> {
  const [method] = await db
    .update(sandboxPaymentMethods)
    .set({ failNextCharge: failNext })
    .where(eq(sandboxPaymentMethods.id, id))
    .returning();
  return method ?? null;
}
