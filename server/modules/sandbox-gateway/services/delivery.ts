// Webhook delivery of the sandbox gateway: a timer picks the deliveries that are due, POSTs each
// event (content-type application/json, the signature header signed at send time) to the webhook
// URL with a timeout, marks it delivered on a 2xx answer, and otherwise retries it with
// exponential back-off (1 s, 2 s, 4 s ... at most 10 min) until it gives up after 15 attempts.
// A delivery is claimed by one statement (FOR UPDATE SKIP LOCKED, and a lease that moves its
// next attempt past the send), so two instances never send the same attempt, and no transaction
// stays open while the request is in flight (on PGlite's single connection, the receiving
// handler on this same server needs the database meanwhile). A process that dies mid-send leaves
// the delivery to be picked again when its lease ends. Log lines name the event, the payment and
// the outcome, never the signature or the secret.
import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { SIGNATURE_HEADER, signWebhook } from "../../../adapters/payments/webhook-signature";
import type { Db } from "../../../db/client";
import { sandboxWebhookDeliveries } from "../../../db/schema";
import type { Clock } from "../../../lib/clock";
import { observedRun, type JobObserver } from "../../../lib/interval-job";

export interface DeliveryOptions {
  /** Delay before the second attempt; doubled after each failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts before giving up. */
  maxAttempts: number;
  /** How long one POST may take. */
  timeoutMs: number;
  /** How long a claimed delivery stays away from other senders (more than timeoutMs). */
  leaseMs: number;
  /** Deliveries claimed per pass. */
  batchSize: number;
  /** Pause between passes while there was work. */
  busyPollMs: number;
  /** Pause between passes while there was none (deliveries queued elsewhere, back-offs ending). */
  idlePollMs: number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  baseDelayMs: 1_000,
  maxDelayMs: 10 * 60_000,
  maxAttempts: 15,
  timeoutMs: 5_000,
  leaseMs: 30_000,
  batchSize: 10,
  busyPollMs: 200,
  idlePollMs: 1_000,
};

/** The pause after `attempts` failed attempts. */
export function backoffMs(attempts: number, options: Pick<DeliveryOptions, "baseDelayMs" | "maxDelayMs">): number {
  return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

export interface DelivererDeps {
  db: Db;
  now: Clock;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  url: string;
  secret: () => Promise<string>;
  options: DeliveryOptions;
  /** Told of every pass ("sandbox_webhook_delivery": ok when it sent something, else skipped). */
  observe?: JobObserver;
}

type Claimed = Pick<
  typeof sandboxWebhookDeliveries.$inferSelect,
  "id" | "eventId" | "paymentId" | "payload" | "attempts"
>;

const table = sandboxWebhookDeliveries;

/** Claims up to batchSize due deliveries for this process (their next attempt moves past the lease). */
async function claimDue(deps: DelivererDeps): Promise<Claimed[]> {
  const now = deps.now();
  const due = deps.db
    .select({ id: table.id })
    .from(table)
    .where(and(isNull(table.deliveredAt), lt(table.attempts, deps.options.maxAttempts), lte(table.nextAttemptAt, now)))
    .orderBy(asc(table.nextAttemptAt), asc(table.id))
    .limit(deps.options.batchSize)
    .for("update", { skipLocked: true });
  return deps.db
    .update(table)
    .set({ nextAttemptAt: new Date(now.getTime() + deps.options.leaseMs) })
    .where(inArray(table.id, due))
    .returning({
      id: table.id,
      eventId: table.eventId,
      paymentId: table.paymentId,
      payload: table.payload,
      attempts: table.attempts,
    });
}

/** POSTs one delivery; the HTTP status, or null when no answer came (refused, timed out, aborted). */
async function post(deps: DelivererDeps, delivery: Claimed, stopSignal: AbortSignal): Promise<number | null> {
  const signature = signWebhook(await deps.secret(), delivery.payload, deps.now());
  try {
    const response = await fetch(deps.url, {
      method: "POST",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signature },
      body: delivery.payload,
      redirect: "manual",
      signal: AbortSignal.any([AbortSignal.timeout(deps.options.timeoutMs), stopSignal]),
    });
    await response.body?.cancel().catch(() => undefined);
    return response.status;
  } catch {
    return null;
  }
}

async function deliver(deps: DelivererDeps, delivery: Claimed, stopSignal: AbortSignal): Promise<void> {
  const status = await post(deps, delivery, stopSignal);
  const attempts = delivery.attempts + 1;
  const now = deps.now();
  const context = { eventId: delivery.eventId, paymentId: delivery.paymentId, attempt: attempts, status };
  if (status !== null && status >= 200 && status < 300) {
    await deps.db
      .update(table)
      .set({ attempts, deliveredAt: now, lastStatus: status })
      .where(eq(table.id, delivery.id));
    deps.log.info(context, "sandbox gateway: webhook delivered");
    return;
  }
  const nextAttemptAt = new Date(now.getTime() + backoffMs(attempts, deps.options));
  await deps.db.update(table).set({ attempts, lastStatus: status, nextAttemptAt }).where(eq(table.id, delivery.id));
  if (attempts >= deps.options.maxAttempts) {
    deps.log.warn(context, "sandbox gateway: webhook not answered 2xx, giving up");
  } else {
    deps.log.info(
      { ...context, retryAt: nextAttemptAt.toISOString() },
      "sandbox gateway: webhook not answered 2xx, will retry",
    );
  }
}

/** One pass: claims the due deliveries and sends them; answers how many it sent. */
export async function deliverDue(
  deps: DelivererDeps,
  stopSignal: AbortSignal = new AbortController().signal,
): Promise<number> {
  const claimed = await claimDue(deps);
  await Promise.all(claimed.map((delivery) => deliver(deps, delivery, stopSignal)));
  return claimed.length;
}

/** How many deliveries are still waiting (not delivered, not given up): for tests and logs. */
export async function pendingDeliveries(db: Db, maxAttempts: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(isNull(table.deliveredAt), lt(table.attempts, maxAttempts)));
  return row?.n ?? 0;
}

export interface Deliverer {
  /** Runs a pass soon (a decision was just queued). */
  kick: () => void;
  /** Clears the timer, aborts an in-flight send and waits for its outcome to be recorded. */
  stop: () => Promise<void>;
}

/** Starts the delivery timer (unref'd: it never keeps the process alive). */
export function startDeliverer(deps: DelivererDeps): Deliverer {
  const stopController = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  // A kick during a pass: run again right after it (the new delivery may be past its claim).
  let kicked = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void pass(), ms);
    timer.unref();
  };

  const pass = async (): Promise<void> => {
    timer = null;
    if (stopped || running) return;
    kicked = false;
    let sent = 0;
    running = (async () => {
      try {
        await observedRun("sandbox_webhook_delivery", deps.observe, async () => {
          sent = await deliverDue(deps, stopController.signal);
          return sent > 0 ? "ok" : "skipped";
        });
      } catch (error) {
        deps.log.error({ err: error }, "sandbox gateway: webhook delivery pass failed");
      }
    })();
    await running;
    running = null;
    schedule(kicked ? 0 : sent > 0 ? deps.options.busyPollMs : deps.options.idlePollMs);
  };

  schedule(0);
  return {
    kick: () => {
      if (running) kicked = true;
      else schedule(0);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      stopController.abort();
      await running;
    },
  };
}
