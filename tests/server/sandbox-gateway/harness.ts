// Test wiring for the sandbox gateway: a real HTTP receiver (node:http on a free port) standing in
// for the webhook endpoint, recording every delivery and answering what the test says; the
// gateway's plugin on a small Fastify instance (the app's error handler and security headers,
// no app.ts wiring needed) on a real database, its delivery timer started with a short back-off;
// and useGateway, which opens all of it (with the webhook secret) around a describe block.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { PaymentRequest } from "../../../server/adapters/payments/payments-adapter";
import type { Database, Db } from "../../../server/db/client";
import { systemClock, type Clock } from "../../../server/lib/clock";
import {
  createSandboxGateway,
  loadSandboxWebhookSecret,
  type DeliveryOptions,
  type SandboxGateway,
} from "../../../server/modules/sandbox-gateway";
import { applyErrorHandler } from "../../../server/plugins/error-handler";
import { applySecurityHeaders } from "../../../server/plugins/security-headers";
import { openTestDatabase, testConfig } from "../helpers/app";

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
  /** The event's payment id (from the body), to tell tests' deliveries apart. */
  paymentId: string | null;
}

export interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** What the receiver answers to a delivery (default 200), possibly after a while. */
  respond: (delivery: Delivery) => number | Promise<number>;
  forPayment: (paymentId: string) => Delivery[];
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: "",
    deliveries: [],
    respond: () => 200,
    forPayment: (paymentId) => receiver.deliveries.filter((delivery) => delivery.paymentId === paymentId),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      let paymentId: string | null = null;
      try {
        paymentId = (JSON.parse(body) as { data?: { payment_id?: string } }).data?.payment_id ?? null;
      } catch {
        // recorded as is
      }
      const delivery = { headers: request.headers, body, paymentId };
      receiver.deliveries.push(delivery);
      void Promise.resolve(receiver.respond(delivery)).then((status) => {
        response.statusCode = status;
        response.end("{}");
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/payments/webhooks/sandbox`;
  return receiver;
}

/** Short timings, so a retry test takes milliseconds instead of minutes. */
export const FAST_DELIVERY: Partial<DeliveryOptions> = {
  baseDelayMs: 40,
  maxDelayMs: 200,
  busyPollMs: 10,
  idlePollMs: 30,
  timeoutMs: 2_000,
};

export interface GatewayHarness {
  app: FastifyInstance;
  gateway: SandboxGateway;
  logs: string[];
  close: () => Promise<void>;
}

export async function openGateway(
  db: Db,
  receiverUrl: string,
  options: { env?: Record<string, string>; delivery?: Partial<DeliveryOptions>; now?: Clock } = {},
): Promise<GatewayHarness> {
  const config = testConfig({ SANDBOX_WEBHOOK_URL: receiverUrl, ...options.env });
  const logs: string[] = [];
  const app = Fastify({ logger: { level: "info", stream: { write: (line: string) => void logs.push(line) } } });
  applySecurityHeaders(app, { indexHtml: null });
  applyErrorHandler(app);
  const gateway = createSandboxGateway({
    db,
    config,
    now: options.now ?? systemClock,
    log: app.log,
    delivery: { ...FAST_DELIVERY, ...options.delivery },
  });
  await app.register(gateway.plugin);
  await app.ready();
  const stop = gateway.start();
  return {
    app,
    gateway,
    logs,
    async close() {
      await stop();
      await app.close();
    },
  };
}

export interface GatewayFixture extends Omit<GatewayHarness, "close"> {
  readonly database: Database;
  /** Where the gateway delivers its webhooks. */
  readonly receiver: Receiver;
  /** The secret the gateway signs its webhooks with. */
  readonly secret: string;
}

/**
 * Inside a describe block: a test database, a receiver and the gateway delivering to it, opened
 * before the block's tests and closed after them. Its fields are read in tests, not before.
 */
export function useGateway(): GatewayFixture {
  let database: Database | undefined;
  let receiver: Receiver | undefined;
  let harness: GatewayHarness | undefined;
  let secret: string | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    receiver = await startReceiver();
    harness = await openGateway(database.db, receiver.url);
    secret = await loadSandboxWebhookSecret(database.db, testConfig());
  });
  afterAll(async () => {
    await harness?.close();
    await receiver?.close();
    await database?.close();
  });
  return {
    get app() {
      return harness!.app;
    },
    get gateway() {
      return harness!.gateway;
    },
    get logs() {
      return harness!.logs;
    },
    get database() {
      return database!;
    },
    get receiver() {
      return receiver!;
    },
    get secret() {
      return secret!;
    },
  };
}

let sequence = 0;

/** A payment request with a fresh reference and idempotency key. */
export function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  sequence += 1;
  const reference = `SR20261124TEST${String(sequence).padStart(4, "0")}`;
  return {
    reference,
    amountMinor: 9_080_549,
    currency: "VND",
    method: "card_vn",
    description: "Premium, 12 months",
    returnUrl: `/paySuccess?subscription_no=${reference}`,
    idempotencyKey: `${reference}-1-${Date.now()}`,
    ...overrides,
  };
}

/** Posts a page's form (url-encoded, as the browser sends it). */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** A valid card form: the given number (default 4242...), a future expiry and a CVC. */
export const cardForm = (cardNumber = "4242 4242 4242 4242", extra: Record<string, string> = {}) => ({
  card_number: cardNumber,
  expiry: `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, "0")}`,
  cvc: "123",
  ...extra,
});

let customerSequence = 0;

/** A new customer of the gateway (a fresh reference and idempotency key). */
export function newCustomer(gateway: SandboxGateway): Promise<string> {
  customerSequence += 1;
  const key = `customer-${customerSequence}-${Date.now()}`;
  return gateway.adapter.createCustomer({ reference: `user:${customerSequence}`, idempotencyKey: key });
}

/** Saves a card for `customerId` through the setup page (as a tester would); answers its method id. */
export async function saveCardViaSetup(
  harness: Pick<GatewayHarness, "app" | "gateway">,
  customerId: string,
  cardNumber?: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const { adapter } = harness.gateway;
  const setup = await adapter.startSetup({
    customerId,
    kind: "card",
    method: "card_vn",
    returnUrl: "/subscription",
    idempotencyKey: `setup-${customerId}-${Math.random()}`,
  });
  const answer = await postForm(harness.app, `${setup.redirectUrl}/approve`, cardForm(cardNumber, extra));
  if (answer.statusCode !== 303) throw new Error(`setup not approved: ${answer.statusCode}`);
  const status = await adapter.retrieveSetup(setup.setupId);
  if (!status.method) throw new Error(`setup ${status.state}, no method`);
  return status.method.methodId;
}
