// The payment webhook (POST /v1/payments/webhooks/sandbox): a signature over the exact bytes and
// a 300 s tolerance (a tampered body, a wrong signature, a missing header or a timestamp 301 s
// old: 400 and nothing changes), deduplication by event id, an unknown payment answered 200 and
// logged, no system-id needed, and no signature, secret or token in any log line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { signWebhook } from "../../../server/adapters/payments/webhook-signature";
import { buildTestApp, captureLogs, openTestApp } from "../helpers/app";
import {
  buyer,
  commerceEnv,
  CommerceClient,
  eventBody,
  payingOrder,
  paymentEventCount,
  purchaseRows,
  WEBHOOK_SECRET,
} from "./harness";

let database: Database;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let client: CommerceClient;
const logs = captureLogs();

beforeAll(async () => {
  ({ database, app } = await openTestApp({ env: commerceEnv({ LOG_LEVEL: "info" }), logStream: logs }));
  client = new CommerceClient(app);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function approvedOrder() {
  const { token, userId } = await buyer(database);
  const { subscriptionNo, paymentId } = await payingOrder(client, token);
  // Approved at the gateway: its own webhook goes nowhere (SANDBOX_WEBHOOK_URL answers nothing).
  await client.payerDecides(paymentId, "approve");
  return { token, userId, subscriptionNo, paymentId };
}

async function expectNothingChanged(userId: number, paymentId: string) {
  const rows = await purchaseRows(database, userId);
  expect(rows.orders.map((order) => order.status)).toEqual(["paying"]);
  expect(rows.memberships).toHaveLength(0);
  expect(await paymentEventCount(database, paymentId)).toBe(0);
}

describe("signatures", () => {
  it("refuses a tampered body, a wrong signature, a missing header and a 301 s old timestamp: 400, nothing changed", async () => {
    const { userId, subscriptionNo, paymentId } = await approvedOrder();
    const body = eventBody(paymentId, subscriptionNo, "succeeded");
    // Each signature is made just before its request, so a slow run cannot age it past the check.
    const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000);

    const tampered = body.replace('"succeeded"}', '"succeeded" }');
    const cases = {
      tampered: await client.webhook(tampered, signWebhook(WEBHOOK_SECRET, body, secondsFromNow(0))),
      wrongSecret: await client.webhook(body, signWebhook("another-secret", body, secondsFromNow(0))),
      missing: await client.webhook(body, null),
      garbage: await client.webhook(body, "t=abc,v1=xyz"),
      old: await client.webhook(body, signWebhook(WEBHOOK_SECRET, body, secondsFromNow(-301))),
      // Timestamps are whole seconds (rounded down): 302 s ahead stays more than 300 s ahead.
      future: await client.webhook(body, signWebhook(WEBHOOK_SECRET, body, secondsFromNow(302))),
    };
    for (const [name, answer] of Object.entries(cases)) {
      expect(answer.status, name).toBe(400);
      expect(answer.body, name).toMatchObject({ code: 400, data: null });
      expect(answer.body.msg, name).toMatch(/^Webhook refused/);
    }
    await expectNothingChanged(userId, paymentId);

    // 298 s old (up to 299 s once rounded down to whole seconds) is within the tolerance.
    const fine = await client.webhook(body, signWebhook(WEBHOOK_SECRET, body, secondsFromNow(-298)));
    expect(fine.status).toBe(200);
    expect(fine.body.data).toEqual({ outcome: "paid" });
    const rows = await purchaseRows(database, userId);
    expect(rows.orders[0].status).toBe("paid");
    expect(rows.memberships).toHaveLength(1);
  });

  it("a signed body of the wrong shape is refused too", async () => {
    const answer = await client.webhook('{"id":"evt_1","type":"payment.succeeded"}');
    expect(answer.status).toBe(400);
  });
});

describe("deliveries", () => {
  it("settles once: the same event redelivered, and another event of the same payment, change nothing more", async () => {
    const { userId, subscriptionNo, paymentId } = await approvedOrder();
    const body = eventBody(paymentId, subscriptionNo, "succeeded");
    expect((await client.webhook(body)).body.data).toEqual({ outcome: "paid" });
    for (let i = 0; i < 3; i++) expect((await client.webhook(body)).body.data).toEqual({ outcome: "duplicate" });
    expect((await client.webhook(eventBody(paymentId, subscriptionNo, "succeeded"))).body.data).toEqual({
      outcome: "unchanged",
    });
    // A late "failed" never undoes a payment.
    expect((await client.webhook(eventBody(paymentId, subscriptionNo, "failed"))).body.data).toEqual({
      outcome: "unchanged",
    });
    const rows = await purchaseRows(database, userId);
    expect(rows.orders.map((order) => order.status)).toEqual(["paid"]);
    expect(rows.memberships).toHaveLength(1);
    expect(await paymentEventCount(database, paymentId)).toBe(3);
  });

  it("a declined payment's webhook marks the order failed; an expired one cancels it", async () => {
    const declined = await buyer(database);
    const first = await payingOrder(client, declined.token);
    await client.payerDecides(first.paymentId, "decline");
    expect((await client.webhook(eventBody(first.paymentId, first.subscriptionNo, "failed"))).body.data).toEqual({
      outcome: "failed",
    });
    expect((await client.status(declined.token, first.subscriptionNo)).data).toMatchObject({
      status: "failed",
      failure_reason: "declined",
    });
    const expired = await buyer(database);
    const second = await payingOrder(client, expired.token);
    await client.payerDecides(second.paymentId, "expire");
    expect((await client.webhook(eventBody(second.paymentId, second.subscriptionNo, "expired"))).body.data).toEqual({
      outcome: "canceled",
    });
  });

  it("an unknown payment is answered 200 and logged, and a mismatched reference is not believed", async () => {
    const unknown = await client.webhook(eventBody("pay_000000000000000000000000", "SR20260101XXXXXXXX", "succeeded"));
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ outcome: "unknown_payment" });
    expect(
      logs.lines.some((line) => line.includes("unknown payment") && line.includes("pay_000000000000000000000000")),
    ).toBe(true);
    const { userId, paymentId } = await approvedOrder();
    const wrongReference = await client.webhook(eventBody(paymentId, "SR20260101XXXXXXXX", "succeeded"));
    expect(wrongReference.body.data).toEqual({ outcome: "unknown_payment" });
    expect((await purchaseRows(database, userId)).orders[0].status).toBe("paying");
  });

  it("needs no system-id header, and any content type is read as the raw body", async () => {
    const { subscriptionNo, paymentId } = await approvedOrder();
    const body = eventBody(paymentId, subscriptionNo, "succeeded");
    const response = await app.inject({
      method: "POST",
      url: "/v1/payments/webhooks/sandbox",
      headers: { "content-type": "text/plain", "shopradar-signature": signWebhook(WEBHOOK_SECRET, body, new Date()) },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ outcome: "paid" });
  });

  it("keeps signatures, the secret and session tokens out of every log line", async () => {
    const { token, subscriptionNo, paymentId } = await approvedOrder();
    const body = eventBody(paymentId, subscriptionNo, "succeeded");
    const signature = signWebhook(WEBHOOK_SECRET, body, new Date());
    await client.webhook(body, signature.replace(/v1=./, "v1=0"));
    await client.webhook(body, signature);
    await client.confirmPaid(token, subscriptionNo);
    const all = logs.lines.join("\n");
    expect(logs.lines.length).toBeGreaterThan(5);
    expect(all).not.toContain(WEBHOOK_SECRET);
    expect(all).not.toContain(signature.split("v1=")[1]);
    expect(all).not.toContain(token);
  });

  it("is not rate limited (one PSP address sends them all), while the checkout's writes are", async () => {
    const limited = await buildTestApp(database, { env: commerceEnv({ RATE_LIMIT_SCALE: "1" }) });
    try {
      const other = new CommerceClient(limited);
      const body = eventBody("pay_000000000000000000000001", "SR20260101XXXXXXXX", "succeeded");
      const statuses = await Promise.all(Array.from({ length: 70 }, () => other.webhook(body).then((a) => a.status)));
      expect(statuses.filter((status) => status === 429)).toHaveLength(0);
      const { token } = await buyer(database);
      const writes = await Promise.all(
        Array.from({ length: 70 }, () =>
          other.priceQuery(token, { plan: "basic", months: 1, country: "VN", method: "card_vn" }),
        ),
      );
      expect(writes.some((answer) => answer.status === 429)).toBe(true);
    } finally {
      await limited.close();
    }
  });
});
