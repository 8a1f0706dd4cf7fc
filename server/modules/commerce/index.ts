// The commerce module: membership sales. Plans and local prices (public-prices, the currency
// converter, the exchange-rate table and its refresh job), coupons, pricing (price-query),
// orders (pre-payment, cancel, status, invoices, My Plan), payments through the injected
// payments adapter (payment, confirm-paid, the signed webhook) and settlement, which grants
// the membership through the accounts module; subscriptions (docs/subscriptions.md): renewals
// and their job, cancel, upgrades with carried time, saved cards and e-wallet mandates, the
// card-error monitor and the 3-day trial. Registers its routes as one Fastify plugin;
// other modules and the app reach commerce only through the exports below.
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { JobObserver } from "../../lib/interval-job";
import type { PaymentsAdapter } from "../../adapters/payments/payments-adapter";
import { createCommerceContext } from "./context";
import { CommerceError } from "./errors";
import { startFxRefreshSchedule } from "./jobs/fx-refresh";
import { startRenewalSchedule } from "./jobs/renewals";
import { cardErrorRoutes } from "./routes/card-errors";
import { experienceRoutes } from "./routes/experience";
import { myPlanRoutes } from "./routes/my-plan";
import { orderRoutes } from "./routes/orders";
import { paymentRoutes } from "./routes/payments";
import { priceQueryRoutes } from "./routes/price-query";
import { priceRoutes } from "./routes/prices";
import { savedMethodRoutes } from "./routes/saved-methods";
import { upgradeRoutes } from "./routes/upgrades";
import { webhookRoutes } from "./routes/webhooks";
import { ensureDemoCoupons } from "./services/demo-coupons";
import { seedFxRates } from "./services/fx-rates";
import type { PromotionPricer } from "./services/pricing";

export { COMMERCE_ERRORS } from "./errors";
export { FX_REFRESH_LOCK_ID, refreshFxRates } from "./jobs/fx-refresh";
export { RENEWAL_LOCK_ID, runRenewals, type RenewalRun } from "./jobs/renewals";
export { WEBHOOK_PATH_PREFIX } from "./routes/webhooks";
export { createCoupon, type NewCoupon } from "./services/coupons";
export { DEMO_COUPONS, ensureDemoCoupons } from "./services/demo-coupons";
export { paidOrderCount } from "./services/orders";
export { convert, rateOf, seedFxRates } from "./services/fx-rates";
export { pricePlan, type PromotionPricer, type PromotionQuery } from "./services/pricing";

export interface CommerceOptions {
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  /** The payment service provider; null when PAYMENTS_ADAPTER=none (payments answer 70041). */
  payments: PaymentsAdapter | null;
  /** Told after a payment granted a user a membership (app.ts: the catalog forgets the cached tier). */
  onMembershipGranted?: (userId: number) => void;
  /**
   * Demo mode's movable clock (app.ts: the adjustable clock's onMove): the renewal job runs at
   * once when it moves. Answers the unsubscribe function.
   */
  onClockMoved?: (listener: () => void) => () => void;
  /** Prices checkout's marketing discounts (app.ts: the marketing module). */
  promotions: PromotionPricer;
  /** Told of every job run (plugins/metrics.ts). */
  observeJob?: JobObserver;
}

export const commerceModule: FastifyPluginAsync<CommerceOptions> = async (
  app,
  { db, config, now, payments, onMembershipGranted, onClockMoved, promotions, observeJob },
) => {
  // Prices need rates from the first request on: the bundled snapshot fills what is missing.
  await seedFxRates(db);
  // Demo coupons (one per coupon tip) exist in demo mode only.
  if (config.demoMode) await ensureDemoCoupons(db);
  const stopFx = startFxRefreshSchedule({ db, config, log: app.log, observe: observeJob });
  app.addHook("onClose", () => stopFx());

  // Errors that name something (the open order, the coupon tip) keep it in `data`; every other
  // error goes on to the app's handler.
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof CommerceError) || error.data === null) throw error;
    request.log.info({ status: error.status, errorCode: error.code }, error.message);
    return reply.code(error.status).send({ code: error.code, msg: error.message, data: error.data });
  });

  const ctx = createCommerceContext(db, config, now, payments, app.log, onMembershipGranted, promotions);
  if (payments) {
    const renewals = startRenewalSchedule({
      ctx,
      adapter: payments,
      config,
      log: app.log,
      onClockMoved,
      observe: observeJob,
    });
    app.addHook("onClose", () => renewals.stop());
  }
  for (const routes of [
    priceRoutes,
    priceQueryRoutes,
    orderRoutes,
    myPlanRoutes,
    paymentRoutes,
    upgradeRoutes,
    savedMethodRoutes,
    cardErrorRoutes,
    experienceRoutes,
  ])
    await app.register(routes, { ctx });
  if (payments) await app.register(webhookRoutes, { ctx, adapter: payments });
};
