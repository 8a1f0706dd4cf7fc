// buildApp: the whole HTTP server as a value, without listening, so index.ts and the tests
// build the same thing (tests call app.inject). Order as in fastify/demo: external plugins,
// then app plugins (cross-cutting hooks and handlers), then each domain module's plugin
// (server/modules/<domain>/index.ts).
import fastifyCompress from "@fastify/compress";
import fastifySwagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { startPurgeSchedule } from "./jobs/purge";
import { createAdjustableClock } from "./lib/adjustable-clock";
import { systemClock, type Clock } from "./lib/clock";
import { flushLogs, loggingOptions, type LogStream } from "./lib/logger";
import { fastifyTrustProxy } from "./lib/trust-proxy";
import type { PaymentsAdapter } from "./adapters/payments/payments-adapter";
import { createStripeAdapter } from "./adapters/payments/stripe";
import { accountsModule, createAuthContext, ensureDemoAccounts, resolveSession } from "./modules/accounts";
import { catalogModule, createTierCache, DataService, detailPreview, startDataJobs } from "./modules/catalog";
import { commerceModule } from "./modules/commerce";
import { devModule } from "./modules/dev";
import { engagementModule } from "./modules/engagement";
import { createMarketing } from "./modules/marketing";
import { registerMonitoring } from "./modules/monitoring";
import { createSandboxGateway } from "./modules/sandbox-gateway";
import { applyErrorHandler } from "./plugins/error-handler";
import { applyInputGuard } from "./plugins/input-guard";
import { healthRoutes } from "./plugins/health";
import { readIndexHtml, registerDetailPreviews, registerIndexHtml, siteConfigOf } from "./plugins/index-html";
import { applyJsonBodyParser } from "./plugins/json-body";
import { applyMetrics } from "./plugins/metrics";
import { applyNotFoundHandler } from "./plugins/not-found";
import { openApiRoutes } from "./plugins/openapi";
import { applyPrivateAnswers } from "./plugins/private-answers";
import { registerRateLimits } from "./plugins/rate-limit";
import { applySecurityHeaders } from "./plugins/security-headers";
import { applySession } from "./plugins/session";
import { registerStaticFiles } from "./plugins/static-files";
import { applySystemIdGuard } from "./plugins/system-id";

declare module "fastify" {
  interface FastifyInstance {
    /** The data service (dataset snapshot and its indexes); tests reach it to reload. */
    data: DataService;
  }
}

export interface BuildAppOptions {
  config: Readonly<Config>;
  database: Database;
  /** Where log lines go instead of stdout (tests capture them). */
  logStream?: LogStream;
  /** The time the account services see (tests move it instead of faking timers). */
  now?: Clock;
}

export async function buildApp({
  config,
  database,
  logStream,
  now: baseClock = systemClock,
}: BuildAppOptions): Promise<FastifyInstance> {
  // Demo mode's clock can be moved forward (/__dev/clock) to try renewals and expiry.
  const clock = createAdjustableClock(baseClock);
  const now = config.demoMode ? clock.now : baseClock;
  // Users' plan tiers, cached for seconds: a purchase or a marketing grant clears the user's at once.
  const tiers = createTierCache();
  // Marketing hears of each sign-up (invite rewards) and prices checkout's discounts.
  const marketing = createMarketing({
    db: database.db,
    config,
    now,
    onMembershipGranted: (userId) => tiers.delete(userId),
  });
  // Keys are loaded (or generated and stored) before the first request can need them.
  const auth = await createAuthContext(database.db, config, now, marketing.onUserRegistered);
  // Demo accounts (published password) exist in demo mode only, never on a real deployment.
  if (config.demoMode) await ensureDemoAccounts(database.db, now());

  const app = Fastify({
    // One access line per request (lib/access-log.ts), written asynchronously.
    ...loggingOptions(config, logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A client that takes longer to send its whole request gets a 408 (slow-request attacks).
    requestTimeout: config.requestTimeoutMs,
    // The spec has paths both with and without a trailing slash (/v1/user/ocean/exist-user/).
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();
  warnAboutDeployment(app, config);

  // External plugins. Request bodies are small JSON; accepting compressed ones would only
  // open the door to decompression bombs, so only responses are compressed.
  await app.register(fastifyCompress, { globalDecompression: false });
  // Collects every route's schemas into the OpenAPI document (served by plugins/openapi.ts).
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "ShopRadar API",
        version: "1",
        description: "Envelope {code, msg, data}; code 0 is success. See docs/api.md and docs/auth.md.",
      },
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "header",
            name: "authorization",
            description: "Session token (or Bearer token)",
          },
        },
      },
    },
  });

  // The asynchronous log destination still holds the last lines when the app closes.
  app.addHook("onClose", () => flushLogs(app.log));

  // index.html, read once: served with the site meta tag, and its inline scripts are what the
  // CSP allows by hash.
  const indexHtml = readIndexHtml(config.staticDir, siteConfigOf(config));

  // App plugins. First /metrics and its per-request recorder (every answer counted, refusals
  // included), then the headers every answer gets (429s and 404s included).
  const { observeJob } = applyMetrics(app, { token: config.metricsToken, poolStats: database.poolStats });
  applySecurityHeaders(app, { indexHtml: indexHtml?.body ?? null });
  applyPrivateAnswers(app);
  // Before any route is added: its onRoute hook gives each route its budget.
  await registerRateLimits(app, config);
  applyJsonBodyParser(app);
  applyErrorHandler(app);
  // NUL characters and non-finite numbers (which Ajv's coercion lets through) never reach a handler.
  applyInputGuard(app);
  applySystemIdGuard(app, { zhEdition: config.zhEdition });
  applySession(app, (token) => resolveSession(database.db, token));
  await registerStaticFiles(app, config.staticDir);
  registerIndexHtml(app, indexHtml);
  applyNotFoundHandler(app, indexHtml);

  // The analytics dataset, loaded once (or generated on a first start) before any route runs.
  const data = await DataService.open(database, config, app.log, now());
  app.decorate("data", data);
  registerDetailPreviews(app, indexHtml, {
    publicUrl: config.publicUrl,
    previewOf: (kind, id) => detailPreview(data.db, data.snapshot, kind, id),
  });
  const stopJobs = startDataJobs(data, {
    refresh: config.rankRefresh,
    fillConnections: config.rankFillConnections,
    pollMs: config.dataPollMs,
    now,
    log: app.log,
    observe: observeJob,
  });
  app.addHook("onClose", async () => stopJobs());
  const stopPurge = startPurgeSchedule({ db: database.db, config, now, log: app.log, observe: observeJob });
  app.addHook("onClose", () => stopPurge());

  // Routes: the probes and the OpenAPI document, then each module's plugin. A module owns
  // its paths; none of them overlap, so the order only sets the OpenAPI document's order.
  await app.register(healthRoutes, { database });
  await app.register(openApiRoutes);
  await app.register(accountsModule, { auth });
  await app.register(engagementModule, { db: database.db, config });
  if (config.demoMode) await app.register(devModule, { auth, clock });
  await app.register(catalogModule, { data, db: database.db, config, now, tiers });
  await registerMonitoring(app, { data, db: database.db, config, now, tiers, observeJob });
  // The payment service provider: the sandbox gateway (demo mode only, config.ts), Stripe or none.
  let payments: PaymentsAdapter | null = null;
  if (config.paymentsAdapter === "sandbox") {
    const gateway = createSandboxGateway({ db: database.db, config, now, log: app.log, observeJob });
    await app.register(gateway.plugin);
    payments = gateway.adapter;
    const stopGateway = gateway.start();
    app.addHook("onClose", () => stopGateway());
  } else if (config.paymentsAdapter === "stripe") {
    payments = createStripeAdapter({
      secretKey: config.stripeSecretKey!,
      webhookSecret: config.stripeWebhookSecret!,
      apiUrl: config.stripeApiUrl,
      // Stripe needs absolute return URLs (config.ts requires PUBLIC_URL outside demo mode).
      siteOrigin: config.publicUrl ?? `http://localhost:${config.port}`,
    });
  }
  await app.register(commerceModule, {
    db: database.db,
    config,
    now,
    payments,
    onMembershipGranted: (userId) => tiers.delete(userId),
    // Demo mode: moving the clock (/__dev/clock) runs the renewal job at once.
    onClockMoved: config.demoMode ? clock.onMove : undefined,
    promotions: marketing.promotions,
    observeJob,
  });
  await app.register(marketing.plugin);

  return app;
}

/** One warning line each for the settings an operator must not miss. */
function warnAboutDeployment(app: FastifyInstance, config: Readonly<Config>): void {
  if (config.demoMode) {
    app.log.warn(
      "DEMO MODE is on: demo accounts with a published password, the outbox at /__dev/outbox (loopback only) and a Demo badge; never expose this server publicly (DEMO_MODE=false to turn it off)",
    );
  }
  if (config.messagesTransport === "none") {
    app.log.warn("No e-mail transport (SMTP_URL is unset): verification codes cannot be sent by e-mail");
  }
}
