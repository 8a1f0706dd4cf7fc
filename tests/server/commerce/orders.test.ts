// Orders and payments on the embedded database, through the real sandbox gateway: the purchase
// (pre-payment, payment, the payer approving on the hosted page, confirm-paid), the membership it
// grants once (and the extension of an active plan), the one-open-order block, decline -> Pay
// again, expiry, canceling before and while paying, ownership of every record, the invoices and
// My Plan, and payments switched off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { grantMembership } from "../../../server/modules/accounts";
import { oracleSnapshot } from "../helpers/oracle";
import {
  buildCommerceApp,
  buyer,
  CommerceClient,
  eventBody,
  payingOrder,
  purchaseRows,
  sandboxStatus,
  VN_CARD,
  openCommerceApp,
} from "./harness";

let database: Database;
let client: CommerceClient;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, client, close } = await openCommerceApp());
});
afterAll(() => close?.());

const DAY = 86_400_000;

describe("a purchase", () => {
  it("Premium yearly with DEMO10: unpaid -> paying -> paid, and a year of Premium at once", async () => {
    const { token, userId } = await buyer(database);
    const placed = await client.prePayment(token, { ...VN_CARD, coupon_code: "DEMO10" });
    expect(placed).toMatchObject({ status: 200, code: 0 });
    expect(placed.data).toMatchObject({
      plan: "premium",
      months: 12,
      status: "unpaid",
      currency: "VND",
      total_usd: 358.2,
      coupon_code: "DEMO10",
      membership: null,
      paid_at: null,
    });
    expect(placed.data.subscription_no).toMatch(/^SR\d{8}[A-Z0-9]{8}$/);

    const started = await client.pay(token, placed.data.subscription_no);
    expect(started).toMatchObject({
      code: 0,
      data: { subscription_no: placed.data.subscription_no, qr_payload: null },
    });
    expect(started.data.redirect_url).toBe(`/sandbox-gateway/pay/${started.data.payment_id}`);
    expect((await client.status(token, placed.data.id)).data.status).toBe("paying");
    // Not yet approved: confirm-paid leaves it paying.
    expect((await client.confirmPaid(token, placed.data.subscription_no)).data.status).toBe("paying");

    expect(await client.payerDecides(started.data.payment_id, "approve")).toBe(303);
    const before = Date.now();
    const confirmed = await client.confirmPaid(token, placed.data.subscription_no);
    expect(confirmed).toMatchObject({ code: 0, data: { status: "paid", failure_reason: null } });
    expect(confirmed.data.membership).toMatchObject({ plan: "premium" });
    const starts = Date.parse(confirmed.data.membership.starts_at);
    const ends = new Date(confirmed.data.membership.end_time);
    expect(Math.abs(starts - before)).toBeLessThan(10_000);
    const expectedEnd = new Date(starts);
    expectedEnd.setUTCFullYear(expectedEnd.getUTCFullYear() + 1);
    expect(ends.getTime()).toBe(expectedEnd.getTime());

    // Idempotent: again and again, one paid order and one membership.
    for (let i = 0; i < 3; i++)
      expect((await client.confirmPaid(token, placed.data.subscription_no)).data.status).toBe("paid");
    const rows = await purchaseRows(database, userId);
    expect(rows.orders.map((order) => order.status)).toEqual(["paid"]);
    expect(rows.memberships).toHaveLength(1);
    expect(rows.orders[0].membershipId).toBe(rows.memberships[0].id);

    // The accounts module sees it at once: current combo, My Plan, the invoices.
    const combo = await client.call("GET", "/v1/user/accounts/current-combo", { token });
    expect(combo.data[0]).toMatchObject({ plan: "premium", source: "order" });
    const myPlan = await client.call("GET", "/v1/user/subscriptions/user-subscribe", { token });
    expect(myPlan.data).toMatchObject({ current: { plan: "premium", source: "order" }, open_order: null });
    expect(myPlan.data.current.days_to_end_time).toBeGreaterThanOrEqual(365);
    const invoices = await client.call("GET", "/v1/user/subscriptions/list", { token });
    expect(invoices.data).toMatchObject({
      total: 1,
      list: [{ subscription_no: placed.data.subscription_no, status: "paid" }],
    });
    // Paid: no more payment.
    expect(await client.pay(token, placed.data.subscription_no)).toMatchObject({ status: 409, code: 70012 });
  });

  it("the data API uses the new plan at once: paying clears the buyer's cached tier (webhook and confirm-paid)", async () => {
    const goodsId = (await oracleSnapshot(database)).dataset.goods[0].id;
    const monthTrend = (token: string) => client.call("GET", `/api/v1/goods/${goodsId}/trend?days=30`, { token });
    for (const settleBy of ["webhook", "confirm-paid"] as const) {
      const { token } = await buyer(database);
      // Free: the 30-day trend is not in the plan, and the tier is now cached for seconds.
      expect(await monthTrend(token)).toMatchObject({ status: 403, code: 803 });
      const { subscriptionNo, paymentId } = await payingOrder(client, token);
      expect(await client.payerDecides(paymentId, "approve")).toBe(303);
      if (settleBy === "webhook") {
        expect((await client.webhook(eventBody(paymentId, subscriptionNo, "succeeded"))).status).toBe(200);
      } else {
        expect((await client.confirmPaid(token, subscriptionNo)).data.status).toBe("paid");
      }
      expect(await monthTrend(token), settleBy).toMatchObject({ status: 200, code: 0 });
    }
  });

  it("buying while a plan is active extends from its end date; a worse plan does not", async () => {
    const { token, userId } = await buyer(database);
    const activeEnd = new Date(Date.now() + 10 * DAY);
    await grantMembership(database.db, {
      userId,
      plan: "pro",
      source: "invite",
      startsAt: new Date(Date.now() - DAY),
      endsAt: activeEnd,
    });
    const { subscriptionNo, paymentId } = await payingOrder(client, token, { ...VN_CARD, plan: "basic", months: 1 });
    await client.payerDecides(paymentId, "approve");
    const paid = await client.confirmPaid(token, subscriptionNo);
    expect(paid.data.membership.starts_at).toBe(activeEnd.toISOString());
    const end = new Date(activeEnd);
    end.setUTCMonth(end.getUTCMonth() + 1);
    expect(new Date(paid.data.membership.end_time).getUTCMonth()).toBe(end.getUTCMonth());

    // A trial (source trial) is not extended: a new buyer's plan starts now.
    const fresh = await buyer(database);
    await grantMembership(database.db, {
      userId: fresh.userId,
      plan: "basic",
      source: "trial",
      startsAt: new Date(),
      endsAt: new Date(Date.now() + DAY),
    });
    const second = await payingOrder(client, fresh.token, { ...VN_CARD, plan: "basic", months: 1 });
    await client.payerDecides(second.paymentId, "approve");
    const own = await client.confirmPaid(fresh.token, second.subscriptionNo);
    expect(Math.abs(Date.parse(own.data.membership.starts_at) - Date.now())).toBeLessThan(10_000);
  });

  it("My Plan counts a renewal at once: its end is the renewal's end", async () => {
    const { token } = await buyer(database);
    const first = await payingOrder(client, token, { ...VN_CARD, months: 1 });
    await client.payerDecides(first.paymentId, "approve");
    const paid = await client.confirmPaid(token, first.subscriptionNo);
    const before = (await client.call("GET", "/v1/user/subscriptions/user-subscribe", { token })).data.current;
    expect(before.end_time).toBe(paid.data.membership.end_time);
    const renewal = await payingOrder(client, token, { ...VN_CARD, months: 12 });
    await client.payerDecides(renewal.paymentId, "approve");
    const renewed = await client.confirmPaid(token, renewal.subscriptionNo);
    expect(renewed.data.membership.starts_at).toBe(paid.data.membership.end_time);
    const after = (await client.call("GET", "/v1/user/subscriptions/user-subscribe", { token })).data.current;
    expect(after).toMatchObject({ plan: "premium", end_time: renewed.data.membership.end_time });
    expect(after.days_to_end_time).toBeGreaterThanOrEqual(before.days_to_end_time + 365);
  });

  it("a QR method answers a QR payload", async () => {
    const { token } = await buyer(database);
    const placed = await client.prePayment(token, { ...VN_CARD, method: "vnpay_qr" });
    const started = await client.pay(token, placed.data.subscription_no);
    expect(started.data.qr_payload).toMatch(/^SANDBOXPAY\|pay_/);
  });
});

describe("one open order per user", () => {
  it("refuses a second pre-payment with 70010, HTTP 409 and the open order's subscription_no", async () => {
    const { token } = await buyer(database);
    const first = await client.prePayment(token, VN_CARD);
    const second = await client.prePayment(token, { ...VN_CARD, plan: "basic" });
    expect(second).toMatchObject({
      status: 409,
      code: 70010,
      msg: "Unpaid order exists, do not place duplicate.",
      data: { subscription_no: first.data.subscription_no },
    });
    // Still refused while paying, and after a decline (failed is open: Pay again or Cancel).
    const started = await client.pay(token, first.data.subscription_no);
    expect((await client.prePayment(token, VN_CARD)).code).toBe(70010);
    await client.payerDecides(started.data.payment_id, "decline");
    expect((await client.confirmPaid(token, first.data.subscription_no)).data).toMatchObject({
      status: "failed",
      failure_reason: "declined",
    });
    expect((await client.prePayment(token, VN_CARD)).code).toBe(70010);
    const myPlan = await client.call("GET", "/v1/user/subscriptions/user-subscribe", { token });
    expect(myPlan.data).toMatchObject({ current: null, open_order: { subscription_no: first.data.subscription_no } });
  });

  it("concurrent pre-payments for one user create exactly one order", async () => {
    const { token, userId } = await buyer(database);
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.prePayment(token, VN_CARD)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 70010)).toHaveLength(9);
    expect((await purchaseRows(database, userId)).orders).toHaveLength(1);
  });
});

describe("declined, expired, canceled", () => {
  it("decline -> Pay again (a new payment) -> approve: paid once", async () => {
    const { token, userId } = await buyer(database);
    const { subscriptionNo, paymentId } = await payingOrder(client, token);
    await client.payerDecides(paymentId, "decline");
    expect((await client.confirmPaid(token, subscriptionNo)).data.status).toBe("failed");
    const again = await client.pay(token, subscriptionNo);
    expect(again.code).toBe(0);
    expect(again.data.payment_id).not.toBe(paymentId);
    expect((await client.status(token, subscriptionNo)).data).toMatchObject({ status: "paying", failure_reason: null });
    // The declined payment's page can no longer change anything.
    expect(await client.payerDecides(paymentId, "approve")).toBe(303);
    expect(await sandboxStatus(database, paymentId)).toBe("failed");
    await client.payerDecides(again.data.payment_id, "approve");
    expect((await client.confirmPaid(token, subscriptionNo)).data.status).toBe("paid");
    const rows = await purchaseRows(database, userId);
    expect(rows.orders[0].attempts).toBe(2);
    expect(rows.memberships).toHaveLength(1);
  });

  it("pressing Pay twice while paying returns the same payment", async () => {
    const { token } = await buyer(database);
    const { subscriptionNo, paymentId } = await payingOrder(client, token);
    expect((await client.pay(token, subscriptionNo)).data.payment_id).toBe(paymentId);
  });

  it("an expired payment cancels the order, and a new order may be placed", async () => {
    const { token } = await buyer(database);
    const { subscriptionNo, paymentId } = await payingOrder(client, token);
    await client.payerDecides(paymentId, "expire");
    expect((await client.confirmPaid(token, subscriptionNo)).data).toMatchObject({
      status: "canceled",
      failure_reason: "expired",
      membership: null,
    });
    expect(await client.pay(token, subscriptionNo)).toMatchObject({ status: 409, code: 70012 });
    expect((await client.prePayment(token, VN_CARD)).code).toBe(0);
  });

  it("cancel/non-pay cancels an unpaid order only; cancel/in-pay also cancels the gateway's payment", async () => {
    const { token } = await buyer(database);
    const placed = await client.prePayment(token, VN_CARD);
    const no = placed.data.subscription_no;
    expect(await client.call("POST", `/v1/user/subscriptions/cancel/in-pay/${no}`, { token })).toMatchObject({
      status: 409,
      code: 70013,
    });
    const started = await client.pay(token, no);
    expect(await client.call("POST", `/v1/user/subscriptions/cancel/non-pay/${no}`, { token })).toMatchObject({
      code: 70013,
    });
    const canceled = await client.call("POST", `/v1/user/subscriptions/cancel/in-pay/${no}`, { token });
    expect(canceled).toMatchObject({ code: 0, data: { status: "canceled" } });
    expect(await sandboxStatus(database, started.data.payment_id)).toBe("canceled");
    // The canceled payment cannot be approved any more, and confirm-paid changes nothing.
    await client.payerDecides(started.data.payment_id, "approve");
    expect((await client.confirmPaid(token, no)).data.status).toBe("canceled");
    const unpaid = await client.prePayment(token, VN_CARD);
    const nonPay = await client.call("POST", `/v1/user/subscriptions/cancel/non-pay/${unpaid.data.id}`, { token });
    expect(nonPay).toMatchObject({ code: 0, data: { status: "canceled" } });
  });
});

describe("ownership", () => {
  it("someone else's order is 70011 (HTTP 404) on every call, and nothing changes", async () => {
    const owner = await buyer(database);
    const stranger = await buyer(database);
    const placed = await client.prePayment(owner.token, VN_CARD);
    const { id, subscription_no: no } = placed.data;
    const calls = [
      client.status(stranger.token, id),
      client.status(stranger.token, no),
      client.pay(stranger.token, no),
      client.confirmPaid(stranger.token, no),
      client.call("POST", `/v1/user/subscriptions/cancel/non-pay/${id}`, { token: stranger.token }),
      client.call("POST", `/v1/user/subscriptions/cancel/in-pay/${no}`, { token: stranger.token }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer).toMatchObject({ status: 404, code: 70011 });
    expect((await client.status(owner.token, id)).data.status).toBe("unpaid");
    const list = await client.call("GET", "/v1/user/subscriptions/list", { token: stranger.token });
    expect(list.data).toEqual({ list: [], total: 0 });
  });

  it("every order call needs a session", async () => {
    expect(await client.call("GET", "/v1/user/combo/combo-status/1")).toMatchObject({ status: 401 });
    expect(await client.call("POST", "/v1/user/subscriptions/pre-payment", { body: VN_CARD })).toMatchObject({
      status: 401,
    });
  });
});

describe("invoices", () => {
  it("lists the caller's orders newest first, a page at a time", async () => {
    const { token } = await buyer(database);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await client.prePayment(token, VN_CARD);
      numbers.push(placed.data.subscription_no);
      await client.call("POST", `/v1/user/subscriptions/cancel/non-pay/${placed.data.id}`, { token });
    }
    const page = await client.call("GET", "/v1/user/subscriptions/list?page=1&page_size=2", { token });
    expect(page.data.total).toBe(3);
    expect(page.data.list.map((order: { subscription_no: string }) => order.subscription_no)).toEqual([
      numbers[2],
      numbers[1],
    ]);
    expect(await client.call("GET", "/v1/user/subscriptions/list?page_size=500", { token })).toMatchObject({
      status: 400,
    });
  });
});

describe("payments switched off (PAYMENTS_ADAPTER=none)", () => {
  it("answers 70041 and has no webhook route", async () => {
    const closed = await buildCommerceApp(database, { PAYMENTS_ADAPTER: "none" });
    try {
      const other = new CommerceClient(closed);
      const { token } = await buyer(database);
      const placed = await other.prePayment(token, VN_CARD);
      expect(await other.pay(token, placed.data.subscription_no)).toMatchObject({
        status: 503,
        code: 70041,
        msg: "Payments are not available at the moment.",
      });
      expect((await other.webhook("{}")).status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
