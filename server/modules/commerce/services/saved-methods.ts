// Saved payment methods (cards and e-wallet mandates): stored from what the gateway reports
// (brand, last 4 digits, expiry: never a number), idempotently by the gateway's method id; at
// most MAX_SAVED_CARDS cards per user, the oldest detached when a newer one is saved (the
// detaching at the gateway happens after the commit: the caller passes the returned ids to
// detachAtGateway). Listing, removing, and the method a renewal charges (the newest).
import { and, desc, eq, isNull } from "drizzle-orm";
import { MAX_SAVED_CARDS, type SavedMethodKind } from "../../../../contract/commerce";
import type { Db } from "../../../db/client";
import { paymentCustomers, savedPaymentMethods, type SavedPaymentMethod } from "../../../db/schema";
import type { PaymentsAdapter, SavedMethodDetails } from "../../../adapters/payments/payments-adapter";
import { commerceError } from "../errors";
import type { PaymentsContext } from "./payments-context";

export interface StoredMethod {
  method: SavedPaymentMethod;
  /** Gateway ids of the cards the cap detached: detach them at the gateway after the commit. */
  detached: string[];
}

/**
 * Stores `details` for `userId` inside the caller's transaction (the same gateway method
 * answers the row already stored) and detaches the cards beyond the cap. The user's customer
 * row is locked first, so concurrent saves count the cards one after the other.
 */
export async function storeSavedMethod(
  tx: Db,
  userId: number,
  adapterName: string,
  details: SavedMethodDetails,
  now: Date,
): Promise<StoredMethod> {
  await tx
    .select({ userId: paymentCustomers.userId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.adapter, adapterName)))
    .for("update");
  const [inserted] = await tx
    .insert(savedPaymentMethods)
    .values({
      userId,
      adapter: adapterName,
      gatewayMethodId: details.methodId,
      kind: details.kind,
      method: details.method,
      brand: details.brand,
      last4: details.last4,
      expMonth: details.expMonth,
      expYear: details.expYear,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const [existing] = await tx
      .select()
      .from(savedPaymentMethods)
      .where(
        and(eq(savedPaymentMethods.adapter, adapterName), eq(savedPaymentMethods.gatewayMethodId, details.methodId)),
      );
    return { method: existing, detached: [] };
  }
  if (inserted.kind !== "card") return { method: inserted, detached: [] };
  const cards = await activeMethods(tx, userId, { kind: "card" });
  const beyondCap = cards.slice(MAX_SAVED_CARDS);
  for (const card of beyondCap)
    await tx.update(savedPaymentMethods).set({ detachedAt: now }).where(eq(savedPaymentMethods.id, card.id));
  return { method: inserted, detached: beyondCap.map((card) => card.gatewayMethodId) };
}

/** Detaches methods at the gateway (after the commit that marked them); a failure is only logged. */
export async function detachAtGateway(ctx: Pick<PaymentsContext, "log">, adapter: PaymentsAdapter, ids: string[]) {
  for (const id of ids) {
    await adapter
      .detachMethod(id)
      .catch((error: unknown) => ctx.log.warn({ err: error }, "could not detach a saved method at the gateway"));
  }
}

/** The user's methods still attached, newest first (of one kind, at one adapter, when given). */
export function activeMethods(
  db: Db,
  userId: number,
  filter: { kind?: SavedMethodKind; adapter?: string } = {},
): Promise<SavedPaymentMethod[]> {
  return db
    .select()
    .from(savedPaymentMethods)
    .where(
      and(
        eq(savedPaymentMethods.userId, userId),
        isNull(savedPaymentMethods.detachedAt),
        filter.kind ? eq(savedPaymentMethods.kind, filter.kind) : undefined,
        filter.adapter ? eq(savedPaymentMethods.adapter, filter.adapter) : undefined,
      ),
    )
    .orderBy(desc(savedPaymentMethods.id));
}

/** The method a renewal of `userId` at `adapterName` charges: the newest attached one. */
export async function renewalMethodOf(db: Db, userId: number, adapterName: string): Promise<SavedPaymentMethod | null> {
  const [newest] = await activeMethods(db, userId, { adapter: adapterName });
  return newest ?? null;
}

/** Removes the caller's attached method `id` of `kind` (70024 otherwise) and detaches it at the gateway. */
export async function removeSavedMethod(
  ctx: PaymentsContext,
  userId: number,
  id: number,
  kind: SavedMethodKind,
  now: Date,
): Promise<void> {
  const [removed] = await ctx.db
    .update(savedPaymentMethods)
    .set({ detachedAt: now })
    .where(
      and(
        eq(savedPaymentMethods.id, id),
        eq(savedPaymentMethods.userId, userId),
        eq(savedPaymentMethods.kind, kind),
        isNull(savedPaymentMethods.detachedAt),
      ),
    )
    .returning();
  if (!removed) throw commerceError("SAVED_METHOD_NOT_FOUND");
  if (ctx.adapter && ctx.adapter.name === removed.adapter)
    await detachAtGateway(ctx, ctx.adapter, [removed.gatewayMethodId]);
}
