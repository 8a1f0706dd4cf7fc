// A local HTTP stand-in for Stripe's API (tests only): a node:http server on 127.0.0.1 answering
// the calls the Stripe adapter makes, with the secret key checked (401 otherwise), bodies
// parsed as Stripe parses them, Stripe's error bodies and statuses, and Idempotency-Key replay
// (the same key and parameters answer the first answer, with Idempotent-Replayed: true; other
// parameters a 400 idempotency_error). It records every request, can drop its next answers (a
// lost response, which the SDK retries), acts as the payer (payer.ts) and signs and POSTs
// webhooks with the SDK's test-header helper.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import * as api from "./api";
import { parseForm, stringList, type Params } from "./form";
import { newId, StripeFailure, unixNow, type CardDetails, type StripeObject } from "./objects";
import * as payer from "./payer";
import { StandInStore, type Decline } from "./store";

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | null;
  replayed: boolean;
}

interface Reply {
  status: number;
  body: unknown;
}

type Route = (store: StandInStore, params: Params, id: string) => StripeObject;

const ROUTES: ReadonlyArray<{ method: string; pattern: RegExp; run: Route }> = [
  { method: "POST", pattern: /^\/v1\/customers$/, run: (store, params) => api.createCustomer(store, params) },
  {
    method: "POST",
    pattern: /^\/v1\/checkout\/sessions$/,
    run: (store, params) => api.createCheckoutSession(store, params),
  },
  {
    method: "GET",
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    run: (store, _p, id) => store.get("checkout.session", id),
  },
  {
    method: "POST",
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    run: (store, _p, id) => api.expireCheckoutSession(store, id),
  },
  {
    method: "POST",
    pattern: /^\/v1\/payment_intents$/,
    run: (store, params) => api.createPaymentIntent(store, params),
  },
  {
    method: "GET",
    pattern: /^\/v1\/payment_intents\/([^/]+)$/,
    run: (store, _p, id) => store.get("payment_intent", id),
  },
  {
    method: "POST",
    pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
    run: (store, _p, id) => api.cancelPaymentIntent(store, id),
  },
  {
    method: "GET",
    pattern: /^\/v1\/payment_methods\/([^/]+)$/,
    run: (store, _p, id) => store.get("payment_method", id),
  },
  {
    method: "POST",
    pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
    run: (store, _p, id) => api.detachPaymentMethod(store, id),
  },
];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export class StripeStandIn {
  readonly store = new StandInStore();
  readonly requests: RecordedRequest[] = [];
  private readonly replies = new Map<string, { fingerprint: string; reply: Reply }>();
  private answersToDrop = 0;
  private constructor(
    private readonly server: Server,
    readonly secretKey: string,
    readonly url: string,
  ) {}

  static async start(secretKey: string): Promise<StripeStandIn> {
    let standIn: StripeStandIn | null = null;
    const server = createServer((request, response) => void standIn!.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    standIn = new StripeStandIn(server, secretKey, `http://127.0.0.1:${port}`);
    return standIn;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `count` answers are computed (and remembered for replay) but never sent. */
  dropNextAnswers(count = 1): void {
    this.answersToDrop = count;
  }

  /** Objects of a kind (payment_intent, checkout.session, customer, ...). */
  all(kind: string): StripeObject[] {
    return this.store.all(kind);
  }

  get(kind: string, id: string): StripeObject {
    return this.store.get(kind, id);
  }

  payCheckout(sessionId: string, card?: CardDetails): StripeObject {
    return payer.payCheckout(this.store, sessionId, card);
  }

  saveCardAtCheckout(sessionId: string, card?: CardDetails): StripeObject {
    return payer.saveCardAtCheckout(this.store, sessionId, card);
  }

  settleIntent(intentId: string, outcome: "succeeded" | "failed", failureCode?: string): StripeObject {
    return payer.settleIntent(this.store, intentId, outcome, failureCode);
  }

  declineCharges(methodId: string, decline: Decline): void {
    payer.declineCharges(this.store, methodId, decline);
  }

  /** The newest event of `type` Stripe would have sent. */
  lastEvent(type: string): StripeObject {
    const found = this.store.events.findLast((event) => event.type === type);
    if (!found) throw new Error(`no ${type} event`);
    return found;
  }

  /** A webhook delivery of `event`: the exact body and its stripe-signature header signed at `timestampS`. */
  static signedDelivery(
    event: StripeObject,
    secret: string,
    timestampS = unixNow(),
  ): { body: string; signature: string } {
    const body = JSON.stringify(event, null, 2);
    return {
      body,
      signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: timestampS }),
    };
  }

  /** POSTs `event` signed with `secret` to `url`, as Stripe delivers webhooks. */
  static async deliver(url: string, event: StripeObject, secret: string, timestampS?: number): Promise<Response> {
    const { body, signature } = StripeStandIn.signedDelivery(event, secret, timestampS);
    return fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": signature,
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body,
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", this.url);
    const raw = request.method === "GET" ? url.searchParams.toString() : await readBody(request);
    const params = parseForm(raw);
    const key = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : null;
    const fingerprint = `${request.method} ${url.pathname} ${raw}`;
    const remembered = key === null || request.method !== "POST" ? undefined : this.replies.get(key);
    const record = { method: request.method ?? "", path: url.pathname, params, idempotencyKey: key };
    let reply: Reply;
    if (remembered) {
      this.requests.push({ ...record, replayed: true });
      reply =
        remembered.fingerprint === fingerprint
          ? remembered.reply
          : this.failure(
              new StripeFailure(400, {
                type: "idempotency_error",
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              }),
            );
      if (remembered.fingerprint === fingerprint) response.setHeader("Idempotent-Replayed", "true");
    } else {
      this.requests.push({ ...record, replayed: false });
      reply = this.answer(request, url.pathname, params);
      if (key !== null && request.method === "POST") this.replies.set(key, { fingerprint, reply });
    }
    if (this.answersToDrop > 0) {
      this.answersToDrop -= 1;
      request.socket.destroy();
      return;
    }
    response.statusCode = reply.status;
    response.setHeader("Content-Type", "application/json");
    response.setHeader("Request-Id", newId("req"));
    if (key !== null) response.setHeader("Idempotency-Key", key);
    response.end(JSON.stringify(reply.body));
  }

  private answer(request: IncomingMessage, path: string, params: Params): Reply {
    if (request.headers.authorization !== `Bearer ${this.secretKey}`)
      return { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided." } } };
    const route = ROUTES.find((entry) => entry.method === request.method && entry.pattern.test(path));
    if (!route)
      return {
        status: 404,
        body: {
          error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path}).` },
        },
      };
    try {
      const id = decodeURIComponent(route.pattern.exec(path)?.[1] ?? "");
      const object = route.run(this.store, params, id);
      return { status: 200, body: this.store.expanded(object, stringList(params, "expand")) };
    } catch (error) {
      if (error instanceof StripeFailure) return this.failure(error);
      return { status: 500, body: { error: { type: "api_error", message: String(error) } } };
    }
  }

  private failure(error: StripeFailure): Reply {
    return { status: error.status, body: { error: { ...error.body, doc_url: `https://docs.stripe.com/error-codes` } } };
  }
}
