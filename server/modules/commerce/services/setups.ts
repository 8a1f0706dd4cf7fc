// Saving a card or authorising an e-wallet mandate outside a payment: the gateway's hosted page
// (startSetup, for the user's customer) and, back on the return page, the completed setup
// stored as a saved method (completeSetup). A setup of another customer, one not succeeded, or
// one of the other kind is 70025; the same setup answers the same method (idempotent).
import { randomBytes } from "node:crypto";
import type { SavedMethodKind } from "../../../../contract/commerce";
import type { SavedPaymentMethod } from "../../../db/schema";
import { MethodNotSupported, type StartedSetup } from "../../../adapters/payments/payments-adapter";
import { commerceError } from "../errors";
import { customerIdOf, ensureCustomer } from "./customers";
import { adapterOf, type PaymentsContext } from "./payments-context";
import { detachAtGateway, storeSavedMethod } from "./saved-methods";

export async function startSetup(
  ctx: PaymentsContext,
  userId: number,
  kind: SavedMethodKind,
  method: string,
  returnUrl: string,
): Promise<StartedSetup> {
  const adapter = adapterOf(ctx);
  try {
    const customerId = await ensureCustomer(ctx.db, adapter, userId);
    return await adapter.startSetup({
      customerId,
      kind,
      method,
      returnUrl,
      idempotencyKey: `setup:${userId}:${randomBytes(12).toString("hex")}`,
    });
  } catch (error) {
    if (error instanceof MethodNotSupported) throw commerceError("METHOD_NOT_RECURRING");
    ctx.log.error({ err: error }, "the payments adapter could not start a setup");
    throw commerceError("PAYMENT_FAILED");
  }
}

export async function completeSetup(
  ctx: PaymentsContext,
  userId: number,
  kind: SavedMethodKind,
  setupId: string,
  now: Date,
): Promise<SavedPaymentMethod> {
  const adapter = adapterOf(ctx);
  const customerId = await customerIdOf(ctx.db, adapter.name, userId);
  if (!customerId) throw commerceError("SETUP_NOT_COMPLETED");
  const setup = await adapter.retrieveSetup(setupId).catch(() => null);
  if (!setup || setup.customerId !== customerId || setup.state !== "succeeded" || setup.method?.kind !== kind)
    throw commerceError("SETUP_NOT_COMPLETED");
  const details = setup.method;
  const stored = await ctx.db.transaction((tx) => storeSavedMethod(tx, userId, adapter.name, details, now));
  await detachAtGateway(ctx, adapter, stored.detached);
  return stored.method;
}
