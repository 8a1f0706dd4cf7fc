// The sandbox gateway: demo mode's local payment service provider (PSP), so checkout works on a
// fresh machine with no keys. It is a PaymentsAdapter (adapter.ts) for the commerce module, a
// Fastify plugin with its hosted pages (routes/pay.ts: payments; routes/setup.ts: saving a card
// or authorising a mandate; routes/methods.ts: saved methods and their "fail the next charge"
// switch, customers), and a delivery timer that sends its signed webhooks with retries (services/delivery.ts). app.ts
// creates it and registers the plugin in demo mode only: anyone can approve their own payment
// here, so outside demo mode it does not exist (config.ts refuses PAYMENTS_ADAPTER=sandbox).
// docs/commerce.md, "Sandbox gateway".
import { isIPv6 } from "node:net";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { PaymentsAdapter } from "../../adapters/payments/payments-adapter";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { JobObserver } from "../../lib/interval-job";
import { createSandboxAdapter } from "./adapter";
import { methodRoutes } from "./routes/methods";
import { payRoutes } from "./routes/pay";
import { setupRoutes } from "./routes/setup";
import { DEFAULT_DELIVERY_OPTIONS, startDeliverer, type Deliverer, type DeliveryOptions } from "./services/delivery";
import { loadSandboxWebhookSecret } from "./services/webhook-secret";

export {
  CUSTOMER_PAGE_PREFIX,
  HOSTED_PAGE_PREFIX,
  METHOD_PAGE_PREFIX,
  SANDBOX_ADAPTER_NAME,
  SandboxPaymentNotFound,
  SandboxRecordNotFound,
  SETUP_PAGE_PREFIX,
} from "./adapter";
export { DEFAULT_DELIVERY_OPTIONS, type DeliveryOptions } from "./services/delivery";
export { IdempotencyKeyReused } from "./services/errors";
export { loadSandboxWebhookSecret } from "./services/webhook-secret";

/** The app's webhook route for this adapter (modules/commerce/routes/webhooks.ts). */
export const SANDBOX_WEBHOOK_PATH = "/v1/payments/webhooks/sandbox";

/** The address this server answers itself on: 127.0.0.1 when it binds every interface, else its HOST. */
function selfHost(host: string): string {
  if (host === "" || host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return isIPv6(host) ? `[${host}]` : host;
}

/** Where the sandbox delivers its webhooks: SANDBOX_WEBHOOK_URL, else this server's webhook route. */
export function sandboxWebhookUrl(config: Pick<Config, "sandboxWebhookUrl" | "host" | "port">): string {
  return config.sandboxWebhookUrl ?? `http://${selfHost(config.host)}:${config.port}${SANDBOX_WEBHOOK_PATH}`;
}

export interface SandboxGatewayOptions {
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  log: FastifyBaseLogger;
  /** Delivery timings (tests shorten the back-off); defaults: DEFAULT_DELIVERY_OPTIONS. */
  delivery?: Partial<DeliveryOptions>;
  /** Told of every delivery pass (plugins/metrics.ts). */
  observeJob?: JobObserver;
}

export interface SandboxGateway {
  adapter: PaymentsAdapter;
  /** The hosted page and the payer's actions (register in demo mode only). */
  plugin: FastifyPluginAsync;
  /** Starts webhook delivery; answers the function that stops it (and waits for a send in flight). */
  start: () => () => Promise<void>;
}

export function createSandboxGateway({
  db,
  config,
  now,
  log,
  delivery,
  observeJob,
}: SandboxGatewayOptions): SandboxGateway {
  // Loaded now, so the synchronous parseWebhook has it by the time a request arrives (the
  // plugin's registration waits for it).
  let secret: string | null = null;
  const loading = loadSandboxWebhookSecret(db, config).then((value) => (secret = value));
  loading.catch(() => undefined);
  let deliverer: Deliverer | null = null;

  const onQueued = () => deliverer?.kick();
  const adapter = createSandboxAdapter({ db, config, now, secret: () => secret, onQueued });

  const plugin: FastifyPluginAsync = async (app) => {
    await loading;
    await app.register(payRoutes, { db, config, now, onQueued });
    await app.register(setupRoutes, { db, now });
    await app.register(methodRoutes, { db });
  };

  return {
    adapter,
    plugin,
    start() {
      const started = startDeliverer({
        db,
        now,
        log,
        url: sandboxWebhookUrl(config),
        secret: () => loading,
        options: { ...DEFAULT_DELIVERY_OPTIONS, ...delivery },
        observe: observeJob,
      });
      deliverer = started;
      return async () => {
        if (deliverer === started) deliverer = null;
        await started.stop();
      };
    },
  };
}
