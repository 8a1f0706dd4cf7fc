// Webhook delivery of the sandbox gateway against a real HTTP receiver: a receiver answering 500
// twice then 200 gets exactly 3 attempts, spaced by the (shortened) exponential back-off; a
// receiver that never answers 2xx is given up on after maxAttempts with a warning; two gateway
// instances on one database never send the same attempt twice; stopping waits for the send in
// flight. backoffMs doubles from the base up to its cap. On PostgreSQL (TEST_DATABASE_URL), where
// a pool runs statements really concurrently: three instances share 50 deliveries without sending
// any twice, and concurrent decisions on one payment make one winner and one event.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../server/db/client";
import { sandboxWebhookDeliveries } from "../../../server/db/schema";
import { DEFAULT_DELIVERY_OPTIONS } from "../../../server/modules/sandbox-gateway";
import { backoffMs } from "../../../server/modules/sandbox-gateway/services/delivery";
import { openTestDatabase, useThrowawayPostgres } from "../helpers/app";
import { openGateway, paymentRequest, startReceiver, type Receiver } from "./harness";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("backoffMs", () => {
  it("is 1 s, 2 s, 4 s ... capped at 10 minutes by default", () => {
    const delays = [1, 2, 3, 4, 10, 11, 15].map((attempts) => backoffMs(attempts, DEFAULT_DELIVERY_OPTIONS));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 512_000, 600_000, 600_000]);
    expect(DEFAULT_DELIVERY_OPTIONS.maxAttempts).toBe(15);
    expect(DEFAULT_DELIVERY_OPTIONS.timeoutMs).toBe(5_000);
  });
});

describe("sandbox gateway: webhook delivery", () => {
  let database: Database;
  let receiver: Receiver;

  beforeAll(async () => {
    database = await openTestDatabase();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
  });

  const rowsOf = (paymentId: string) =>
    database.db.select().from(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.paymentId, paymentId));

  it("retries with back-off until answered 2xx: 500, 500, then 200 is 3 attempts", async () => {
    const harness = await openGateway(database.db, receiver.url, { delivery: { baseDelayMs: 100, maxDelayMs: 1_000 } });
    try {
      const started = await harness.gateway.adapter.startPayment(paymentRequest());
      let answered = 0;
      const times: number[] = [];
      receiver.respond = (delivery) => {
        if (delivery.paymentId !== started.paymentId) return 200;
        times.push(Date.now());
        answered += 1;
        return answered <= 2 ? 500 : 200;
      };
      await harness.app.inject({
        method: "POST",
        url: `/sandbox-gateway/pay/${started.paymentId}/approve`,
        headers: FORM,
        payload: "",
      });
      await vi.waitFor(async () => expect((await rowsOf(started.paymentId))[0]?.deliveredAt).not.toBeNull(), {
        timeout: 5_000,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.forPayment(started.paymentId)).toHaveLength(3);
      const [row] = await rowsOf(started.paymentId);
      expect(row).toMatchObject({ attempts: 3, lastStatus: 200 });
      // Back-off: 100 ms after the first failure, 200 ms after the second (plus polling).
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(90);
      expect(times[2] - times[1]).toBeGreaterThanOrEqual(190);
      // Every attempt is signed afresh, over the same body.
      const deliveries = receiver.forPayment(started.paymentId);
      expect(new Set(deliveries.map((delivery) => delivery.body)).size).toBe(1);
      expect(harness.logs.join("\n")).toContain("will retry");
    } finally {
      receiver.respond = () => 200;
      await harness.close();
    }
  });

  it("gives up after maxAttempts with a warning", async () => {
    const harness = await openGateway(database.db, receiver.url, { delivery: { maxAttempts: 3, baseDelayMs: 20 } });
    try {
      const started = await harness.gateway.adapter.startPayment(paymentRequest());
      receiver.respond = (delivery) => (delivery.paymentId === started.paymentId ? 503 : 200);
      await harness.app.inject({ method: "POST", url: `/sandbox-gateway/pay/${started.paymentId}/expire` });
      await vi.waitFor(() => expect(harness.logs.join("\n")).toContain("giving up"), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.forPayment(started.paymentId)).toHaveLength(3);
      const [row] = await rowsOf(started.paymentId);
      expect(row).toMatchObject({ attempts: 3, lastStatus: 503, deliveredAt: null });
      const warning = harness.logs.find((line) => line.includes("giving up"))!;
      expect(JSON.parse(warning)).toMatchObject({ level: 40, paymentId: started.paymentId, attempt: 3, status: 503 });
    } finally {
      receiver.respond = () => 200;
      await harness.close();
    }
  });

  it("counts an unreachable receiver as a failed attempt (no status) and retries it", async () => {
    const harness = await openGateway(database.db, "http://127.0.0.1:9/unreachable", {
      delivery: { maxAttempts: 2, baseDelayMs: 20 },
    });
    try {
      const started = await harness.gateway.adapter.startPayment(paymentRequest());
      await harness.app.inject({ method: "POST", url: `/sandbox-gateway/pay/${started.paymentId}/decline` });
      await vi.waitFor(async () => expect((await rowsOf(started.paymentId))[0]?.attempts).toBe(2), { timeout: 5_000 });
      expect((await rowsOf(started.paymentId))[0]).toMatchObject({ lastStatus: null, deliveredAt: null });
    } finally {
      await harness.close();
    }
  });

  it("two gateway instances on one database send each delivery once", async () => {
    const first = await openGateway(database.db, receiver.url);
    const second = await openGateway(database.db, receiver.url);
    try {
      const started = await first.gateway.adapter.startPayment(paymentRequest());
      await first.app.inject({ method: "POST", url: `/sandbox-gateway/pay/${started.paymentId}/approve` });
      const resend = await second.app.inject({
        method: "POST",
        url: `/sandbox-gateway/pay/${started.paymentId}/resend-webhook?times=30`,
      });
      expect(resend.json()).toMatchObject({ data: { queued: 30 } });
      await vi.waitFor(
        async () => expect((await rowsOf(started.paymentId)).every((row) => row.deliveredAt !== null)).toBe(true),
        { timeout: 10_000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.forPayment(started.paymentId)).toHaveLength(31);
      expect((await rowsOf(started.paymentId)).every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("stop aborts the send in flight, waits for its outcome to be recorded, and sends no more", async () => {
    const harness = await openGateway(database.db, receiver.url);
    const started = await harness.gateway.adapter.startPayment(paymentRequest());
    let release: (status: number) => void = () => undefined;
    receiver.respond = (delivery) =>
      delivery.paymentId === started.paymentId ? new Promise<number>((resolve) => (release = resolve)) : 200;
    try {
      await harness.app.inject({ method: "POST", url: `/sandbox-gateway/pay/${started.paymentId}/approve` });
      await vi.waitFor(() => expect(receiver.forPayment(started.paymentId)).toHaveLength(1), { timeout: 5_000 });
      await harness.close();
      const [row] = await rowsOf(started.paymentId);
      expect(row).toMatchObject({ attempts: 1, lastStatus: null, deliveredAt: null });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.forPayment(started.paymentId)).toHaveLength(1);
    } finally {
      release(200);
      receiver.respond = () => 200;
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("sandbox gateway on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const rowsOf = (paymentId: string) =>
    postgres.database.db
      .select()
      .from(sandboxWebhookDeliveries)
      .where(eq(sandboxWebhookDeliveries.paymentId, paymentId));

  it("concurrent decisions on one payment: one wins, one event is queued", async () => {
    const harness = await openGateway(postgres.database.db, receiver.url);
    try {
      const started = await harness.gateway.adapter.startPayment(paymentRequest());
      const actions = Array.from({ length: 20 }, (_, i) => ["approve", "decline", "expire"][i % 3]);
      const answers = await Promise.all(
        actions.map((action) =>
          harness.app.inject({ method: "POST", url: `/sandbox-gateway/pay/${started.paymentId}/${action}` }),
        ),
      );
      expect(answers.every((answer) => answer.statusCode === 303)).toBe(true);
      const rows = await rowsOf(started.paymentId);
      expect(rows).toHaveLength(1);
      const state = (await harness.gateway.adapter.retrievePayment(started.paymentId)).state;
      expect(JSON.parse(rows[0].payload)).toMatchObject({ data: { state } });
      await vi.waitFor(() => expect(receiver.forPayment(started.paymentId)).toHaveLength(1), { timeout: 5_000 });
    } finally {
      await harness.close();
    }
  });

  it("three instances share 50 deliveries and send each exactly once", async () => {
    const instances = await Promise.all([1, 2, 3].map(() => openGateway(postgres.database.db, receiver.url)));
    try {
      const [first] = instances;
      const started = await first.gateway.adapter.startPayment(paymentRequest());
      await first.app.inject({ method: "POST", url: `/sandbox-gateway/pay/${started.paymentId}/approve` });
      await first.app.inject({
        method: "POST",
        url: `/sandbox-gateway/pay/${started.paymentId}/resend-webhook?times=49`,
      });
      await vi.waitFor(
        async () => expect((await rowsOf(started.paymentId)).every((row) => row.deliveredAt !== null)).toBe(true),
        { timeout: 15_000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.forPayment(started.paymentId)).toHaveLength(50);
      expect((await rowsOf(started.paymentId)).every((row) => row.attempts === 1)).toBe(true);
      // Each delivery was sent by one instance: 50 "delivered" lines across the three.
      const delivered = instances.flatMap((instance) =>
        instance.logs.filter((line) => line.includes(started.paymentId) && line.includes("webhook delivered")),
      );
      expect(delivered).toHaveLength(50);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
