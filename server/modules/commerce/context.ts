// What the commerce routes share: the database, the configuration (prices, methods), the clock
// and the payments context (the adapter, or null when PAYMENTS_ADAPTER=none).
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { PaymentsAdapter } from "../../adapters/payments/payments-adapter";
import type { PaymentsContext } from "./services/payments-context";

export interface CommerceContext {
  db: Db;
  config: Readonly<Config>;
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
): CommerceContext {
  return {
    db,
    config,
    now,
    payments: { db, adapter, log, onMembershipGranted, paymentMethods: config.paymentMethods },
  };
}
