// What the commerce routes share: the database, the configuration (prices, methods), the clock
// and the payments context (the adapter, or null when PAYMENTS_ADAPTER=none), and what pricing
// reads (prices, methods, the marketing module's discount pricer).
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { PaymentsAdapter } from "../../adapters/payments/payments-adapter";
import type { PaymentsContext } from "./services/payments-context";
import type { PricingConfig, PromotionPricer } from "./services/pricing";

export interface CommerceContext {
  db: Db;
  config: Readonly<Config>;
  /** What pricing reads: the price list, the methods and the marketing discounts' pricer. */
  pricing: PricingConfig;
  now: Clock;
  payments: PaymentsContext;
}

export function createCommerceContext(
  db: Db,
  config: Readonly<Config>,
  now: Clock,
  adapter: PaymentsAdapter | null,
  log: FastifyBaseLogger,
  onMembershipGranted?: (userId: number) => void,
  promotions: PromotionPricer | null = null,
): CommerceContext {
  return {
    db,
    config,
    pricing: { planPrices: config.planPrices, paymentMethods: config.paymentMethods, promotions },
    now,
    payments: { db, adapter, log, onMembershipGranted, paymentMethods: config.paymentMethods },
  };
}
