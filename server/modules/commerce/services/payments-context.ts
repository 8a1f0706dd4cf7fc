// What the payment services share: the database, the payments adapter (null when
// PAYMENTS_ADAPTER=none: adapterOf answers 70041), the log, the checkout methods and who to
// tell when a membership was granted. In a file of its own so the settlement and saved-method
// services can name it without importing the payment flows (no import cycle).
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db/client";
import type { PaymentsAdapter } from "../../../adapters/payments/payments-adapter";
import { commerceError } from "../errors";
import type { PaymentMethod } from "../offer/payment-methods";

export interface PaymentsContext {
  db: Db;
  /** null: no payment service provider (PAYMENTS_ADAPTER=none). */
  adapter: PaymentsAdapter | null;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Told after a payment granted a user a membership (the catalog forgets the user's cached tier). */
  onMembershipGranted?: (userId: number) => void;
  /** The checkout methods (config.paymentMethods): which of them renew. */
  paymentMethods: readonly PaymentMethod[];
}

/** The payments adapter, or 70041 when there is none (PAYMENTS_ADAPTER=none). */
export function adapterOf(ctx: Pick<PaymentsContext, "adapter">): PaymentsAdapter {
  if (!ctx.adapter) throw commerceError("PAYMENTS_UNAVAILABLE");
  return ctx.adapter;
}
