// Reliability on PostgreSQL (TEST_DATABASE_URL), with the app listening and the real sandbox
// gateway delivering its signed webhooks to it over HTTP: 50 concurrent confirm-paid calls plus
// 20 duplicate webhook deliveries of one approved payment settle one paid order and one
// membership; concurrent pre-payments for one user create one order; and a settlement killed
// mid-transaction (its database connection terminated after the webhook's receipt) loses
// nothing: the redelivered webhook settles the order exactly once, and confirm-paid after it
// changes nothing. The exchange-rate job skips a run while another instance holds its lock.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { couponRedemptions, sandboxWebhookDeliveries } from "../../../server/db/schema";
import { createCoupon, FX_REFRESH_LOCK_ID, refreshFxRates } from "../../../server/modules/commerce";
import { freePort } from "../../../scripts/free-port";
import { useThrowawayPostgres } from "../helpers/app";
import {
  buildCommerceApp,
  buyer,
  CommerceClient,
  payingOrder,
  paymentEventCount,
  purchaseRows,
  VN_CARD,
  WEBHOOK_PATH,
} from "./harness";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("commerce on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);
  let app: Awaited<ReturnType<typeof buildCommerceApp>>;
  let client: CommerceClient;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await buildCommerceApp(postgres.database, { SANDBOX_WEBHOOK_URL: `${base}${WEBHOOK_PATH}` });
    await app.listen({ port, host: "127.0.0.1" });
    client = new CommerceClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const execute = (statement: ReturnType<typeof sql>) => postgres.database.db.execute(statement);

  /**
   * Runs `during` while every settling transaction crashes: its connection is terminated as it
   * grants the membership (after the event was recorded and the order locked), as a killed
   * server would lose it.
   */
  async function whileSettlementsCrash(during: () => Promise<void>): Promise<void> {
    await execute(sql`
      create function commerce_test_crash() returns trigger language plpgsql as $$
      begin perform pg_terminate_backend(pg_backend_pid()); return new; end $$`);
    await execute(sql`
      create trigger commerce_test_crash before insert on memberships
      for each row execute function commerce_test_crash()`);
    try {
      await during();
    } finally {
      await execute(sql`drop trigger if exists commerce_test_crash on memberships`);
      await execute(sql`drop function if exists commerce_test_crash()`);
    }
  }

  /** Over real HTTP, as concurrent browsers would. */
  async function confirmOverHttp(token: string, subscriptionNo: string): Promise<{ code: number; status?: string }> {
    const response = await fetch(`${base}/v1/user/subscriptions/confirm-paid?subscription_no=${subscriptionNo}`, {
      method: "PUT",
      headers: { "system-id": "14", authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { code: number; data: { status: string } | null };
    return { code: body.code, status: body.data?.status };
  }

  /** Waits until the gateway has delivered everything it queued for the payment (answered 2xx). */
  async function deliveriesOf(paymentId: string, expected: number, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await postgres.database.db
        .select()
        .from(sandboxWebhookDeliveries)
        .where(sql`${sandboxWebhookDeliveries.paymentId} = ${paymentId}`);
      if (rows.length >= expected && rows.every((row) => row.deliveredAt !== null)) return rows;
      if (Date.now() > deadline)
        throw new Error(`deliveries of ${paymentId} not done: ${JSON.stringify(rows.map((r) => r.lastStatus))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("50 concurrent confirm-paid calls and 20 duplicate webhook deliveries settle one order once", async () => {
    const { token, userId } = await buyer(postgres.database);
    const { subscriptionNo, paymentId } = await payingOrder(client, token);
    // The payer approves: the gateway queues its webhook; 20 more copies are queued at once,
    // while 50 confirm-paid calls race them.
    expect(await client.payerDecides(paymentId, "approve")).toBe(303);
    const resend = app.inject({ method: "POST", url: `/sandbox-gateway/pay/${paymentId}/resend-webhook?times=20` });
    const confirms = await Promise.all(Array.from({ length: 50 }, () => confirmOverHttp(token, subscriptionNo)));
    expect((await resend).json()).toMatchObject({ code: 0, data: { queued: 20 } });
    expect(confirms.every((answer) => answer.code === 0 && answer.status === "paid")).toBe(true);

    const deliveries = await deliveriesOf(paymentId, 21);
    expect(deliveries).toHaveLength(21);
    expect(new Set(deliveries.map((row) => row.eventId)).size).toBe(1);
    expect(deliveries.every((row) => row.lastStatus === 200)).toBe(true);

    const rows = await purchaseRows(postgres.database, userId);
    expect(rows.orders.map((order) => order.status)).toEqual(["paid"]);
    expect(rows.memberships).toHaveLength(1);
    expect(rows.orders[0].membershipId).toBe(rows.memberships[0].id);
    expect(await paymentEventCount(postgres.database, paymentId)).toBe(1);
  });

  it("concurrent pre-payments for one user create exactly one unpaid order", async () => {
    const { token, userId } = await buyer(postgres.database);
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const response = await fetch(`${base}/v1/user/subscriptions/pre-payment`, {
          method: "POST",
          headers: { "system-id": "14", authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ ...VN_CARD, coupon_code: "DEMO10" }),
        });
        return { status: response.status, body: (await response.json()) as { code: number; data: any } };
      }),
    );
    const created = answers.filter((answer) => answer.body.code === 0);
    expect(created).toHaveLength(1);
    const refused = answers.filter((answer) => answer.body.code === 70010);
    expect(refused).toHaveLength(29);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.data.subscription_no).toBe(created[0].body.data.subscription_no);
    }
    const rows = await purchaseRows(postgres.database, userId);
    expect(rows.orders).toHaveLength(1);
    // One redemption of DEMO10 for that one order.
    const redemptions = await postgres.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.userId, userId));
    expect(redemptions).toHaveLength(1);
  });

  it("a settlement killed after the webhook's receipt loses nothing: the redelivery settles it exactly once", async () => {
    const { token, userId } = await buyer(postgres.database);
    const { subscriptionNo, paymentId } = await payingOrder(client, token);
    await whileSettlementsCrash(async () => {
      expect(await client.payerDecides(paymentId, "approve")).toBe(303);
      // The gateway's first delivery fails (HTTP 503: the connection was lost, so the server
      // says "retry shortly") and is scheduled again.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [delivery] = await postgres.database.db
          .select()
          .from(sandboxWebhookDeliveries)
          .where(sql`${sandboxWebhookDeliveries.paymentId} = ${paymentId}`);
        if (delivery && delivery.attempts >= 1 && delivery.lastStatus !== null) {
          expect(delivery.lastStatus).toBe(503);
          expect(delivery.deliveredAt).toBeNull();
          break;
        }
        if (Date.now() > deadline) throw new Error("the first delivery did not happen");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Nothing of the crashed transaction remains: no event, no membership, still paying.
      const during = await purchaseRows(postgres.database, userId);
      expect(during.orders.map((order) => order.status)).toEqual(["paying"]);
      expect(during.memberships).toHaveLength(0);
      expect(await paymentEventCount(postgres.database, paymentId)).toBe(0);
    });
    // The server is back: the gateway's retry delivers the same event, which settles the order.
    const [delivery] = await deliveriesOf(paymentId, 1);
    expect(delivery.lastStatus).toBe(200);
    expect(delivery.attempts).toBeGreaterThanOrEqual(2);
    expect((await confirmOverHttp(token, subscriptionNo)).status).toBe("paid");
    const after = await purchaseRows(postgres.database, userId);
    expect(after.orders.map((order) => order.status)).toEqual(["paid"]);
    expect(after.memberships).toHaveLength(1);
    expect(await paymentEventCount(postgres.database, paymentId)).toBe(1);
  });

  it("confirm-paid settles an order whose webhook was lost in a crash", async () => {
    const { token, userId } = await buyer(postgres.database);
    const { subscriptionNo, paymentId } = await payingOrder(client, token);
    await whileSettlementsCrash(async () => {
      await client.payerDecides(paymentId, "approve");
      const crashed = await Promise.all([
        confirmOverHttp(token, subscriptionNo),
        confirmOverHttp(token, subscriptionNo),
      ]);
      // A lost connection is "briefly unavailable" (503), never a 500.
      expect(crashed.map((answer) => answer.code)).toEqual([503, 503]);
      expect((await purchaseRows(postgres.database, userId)).memberships).toHaveLength(0);
    });
    const settled = await Promise.all(Array.from({ length: 10 }, () => confirmOverHttp(token, subscriptionNo)));
    expect(settled.every((answer) => answer.status === "paid")).toBe(true);
    await deliveriesOf(paymentId, 1);
    const rows = await purchaseRows(postgres.database, userId);
    expect(rows.orders.map((order) => order.status)).toEqual(["paid"]);
    expect(rows.memberships).toHaveLength(1);
  });

  it("the exchange-rate job leaves the run to the instance holding its advisory lock", async () => {
    const other = new pg.Client({ connectionString: postgres.url });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_advisory_xact_lock($1)", [FX_REFRESH_LOCK_ID]);
      const log = { info: () => {}, warn: () => {} };
      // The URL is never fetched: the lock is tried first.
      expect(await refreshFxRates(postgres.database.db, "http://127.0.0.1:9/rates.json", log)).toEqual({
        skipped: "locked",
      });
      await other.query("rollback");
      expect(await refreshFxRates(postgres.database.db, "http://127.0.0.1:9/rates.json", log)).toHaveProperty("failed");
    } finally {
      await other.end();
    }
  });

  it("a coupon with 5 uses in all, raced by 20 buyers, is redeemed exactly 5 times", async () => {
    await createCoupon(postgres.database.db, { code: "RACE-FIVE", kind: "percent", value: 5, totalLimit: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer(postgres.database)));
    const answers = await Promise.all(
      buyers.map(({ token }) => client.prePayment(token, { ...VN_CARD, coupon_code: "race-five" })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.code === 70030);
    expect(refused).toHaveLength(15);
    expect(refused[0].data.coupon_tip.code).toBe("fully_given_out");
  });

  it("20 concurrent payment calls for one order start one payment", async () => {
    const { token, userId } = await buyer(postgres.database);
    const placed = await client.prePayment(token, VN_CARD);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await fetch(`${base}/v1/user/subscriptions/payment`, {
          method: "POST",
          headers: { "system-id": "14", authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ subscription_no: placed.data.subscription_no }),
        });
        return (await response.json()) as { code: number; data: { payment_id: string } };
      }),
    );
    expect(answers.every((answer) => answer.code === 0)).toBe(true);
    expect(new Set(answers.map((answer) => answer.data.payment_id)).size).toBe(1);
    const [order] = (await purchaseRows(postgres.database, userId)).orders;
    expect(order).toMatchObject({ status: "paying", attempts: 1, paymentId: answers[0].data.payment_id });
  });
});
