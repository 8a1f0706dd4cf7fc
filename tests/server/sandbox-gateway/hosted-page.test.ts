// The sandbox gateway's hosted page and the payer's actions, on the real database and a real
// HTTP receiver: the page shows the merchant, amount, method and the three buttons (a QR code
// first for QR methods), escapes what it shows and needs no script; approve, decline and expire
// change the state, answer 303 to the return URL and deliver a webhook signed with the
// gateway's secret; a final payment changes no more; resend-webhook redelivers the same event.
import { describe, expect, it, vi } from "vitest";
import { verifyWebhookSignature } from "../../../server/adapters/payments/webhook-signature";
import { rateLimitGroupOf } from "../../../server/plugins/rate-limit";
import { paymentRequest, useGateway } from "./harness";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("sandbox gateway: hosted page and actions", () => {
  const harness = useGateway();

  const start = (overrides = {}) => harness.gateway.adapter.startPayment(paymentRequest(overrides));
  const page = (path: string) => harness.app.inject({ method: "GET", url: path });
  const act = (paymentId: string, action: string) =>
    harness.app.inject({
      method: "POST",
      url: `/sandbox-gateway/pay/${paymentId}/${action}`,
      headers: FORM,
      payload: "",
    });

  it("shows the merchant, amount, method, reference, the test-only notice and the three buttons", async () => {
    const started = await start();
    expect(started.redirectUrl).toBe(`/sandbox-gateway/pay/${started.paymentId}`);
    expect(started.qrPayload).toBeNull();
    const response = await page(started.redirectUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    const html = response.body;
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain("<main>");
    expect(html).toContain("<h1>ShopRadar Sandbox Gateway</h1>");
    expect(html).toContain("Test payments only: no money moves.");
    expect(html).toContain("<dd>ShopRadar</dd>");
    expect(html).toContain("VND");
    expect(html).toContain("9,080,549");
    expect(html).toContain("<dd>Card</dd>");
    expect(html).toContain("Premium, 12 months");
    expect(html).toMatch(/data-state="requires_action"/);
    for (const [action, name] of [
      ["approve", "Approve payment"],
      ["decline", "Decline payment"],
      ["expire", "Let it expire"],
    ]) {
      expect(html).toContain(
        `<form method="post" action="/sandbox-gateway/pay/${started.paymentId}/${action}"><button type="submit" class="${action}">${name}</button></form>`,
      );
    }
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("Return to the merchant");
  });

  it("works under the site's CSP: no script at all, styles in one <style> (style-src allows it), forms post to itself", async () => {
    const started = await start();
    const response = await page(started.redirectUrl);
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("form-action 'self'");
    expect(response.body).not.toMatch(/<script|\son\w+=|javascript:/i);
    expect(response.body.match(/<style>/g)).toHaveLength(1);
    expect(response.body).not.toMatch(/\sstyle=/);
  });

  it("shows a QR code of the payment first for a QR method", async () => {
    const started = await start({ method: "vietqr" });
    expect(started.qrPayload).toBe(`SANDBOXPAY|${started.paymentId}|9080549|VND`);
    const html = (await page(started.redirectUrl)).body;
    const svg = html.indexOf("<svg");
    expect(svg).toBeGreaterThan(0);
    expect(svg).toBeLessThan(html.indexOf("Payment details"));
    expect(html).toContain('role="img" aria-label="QR code of this payment"');
    expect(html).toContain(`data-qr-payload="SANDBOXPAY|${started.paymentId}|9080549|VND"`);
    expect(html).toMatch(/<path d="M\d+ \d+h\d+v1h-\d+z/);
  });

  it("escapes what it shows (the description, the reference)", async () => {
    const started = await start({
      description: `<script>alert("x")</script> & 'Pro'`,
      reference: `SR<img src=x onerror=alert(1)>`,
    });
    const html = (await page(started.redirectUrl)).body;
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Pro&#39;");
    expect(html).toContain("SR&lt;img src=x onerror=alert(1)&gt;");
  });

  it("answers an unknown or malformed payment id with a 404 page", async () => {
    for (const id of ["pay_000000000000000000000000", "nope", "pay_%3Cb%3E"]) {
      const response = await page(`/sandbox-gateway/pay/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain("Payment not found");
    }
    expect((await act("pay_000000000000000000000000", "approve")).statusCode).toBe(404);
  });

  const verified = (delivery: { headers: Record<string, unknown>; body: string }) => {
    verifyWebhookSignature(
      harness.secret,
      delivery.body,
      delivery.headers["shopradar-signature"] as string,
      new Date(),
    );
    return JSON.parse(delivery.body) as { id: string; type: string; data: Record<string, string> };
  };

  for (const [action, state] of [
    ["approve", "succeeded"],
    ["decline", "failed"],
    ["expire", "expired"],
  ] as const) {
    it(`${action}: the state becomes ${state}, 303 to the return URL, and a signed webhook arrives`, async () => {
      const request = paymentRequest();
      const started = await harness.gateway.adapter.startPayment(request);
      const response = await act(started.paymentId, action);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(request.returnUrl);
      const status = await harness.gateway.adapter.retrievePayment(started.paymentId);
      expect(status).toEqual({
        paymentId: started.paymentId,
        reference: request.reference,
        state,
        amountMinor: request.amountMinor,
        currency: "VND",
        savedMethod: null,
        failureCode: state === "failed" ? "card_declined" : null,
      });
      await vi.waitFor(() => expect(harness.receiver.forPayment(started.paymentId)).toHaveLength(1), {
        timeout: 5_000,
      });
      const [delivery] = harness.receiver.forPayment(started.paymentId);
      expect(delivery.headers["content-type"]).toBe("application/json");
      const event = verified(delivery);
      expect(event).toEqual({
        id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
        type: `payment.${state}`,
        data: { payment_id: started.paymentId, reference: request.reference, state },
      });
      expect(
        harness.gateway.adapter.parseWebhook(
          delivery.body,
          delivery.headers["shopradar-signature"] as string,
          new Date(),
        ),
      ).toEqual({
        id: event.id,
        paymentId: started.paymentId,
        reference: request.reference,
        state,
      });
      // The page now shows the outcome and the way back instead of the buttons.
      const html = (await page(started.redirectUrl)).body;
      expect(html).toContain(`data-state="${state}"`);
      expect(html).toContain(
        `<a class="return" href="${request.returnUrl.replace("&", "&amp;")}">Return to the merchant</a>`,
      );
      expect(html).not.toContain("<button");
    });
  }

  it("an action on a final payment changes nothing and queues nothing, but still redirects", async () => {
    const request = paymentRequest();
    const started = await harness.gateway.adapter.startPayment(request);
    expect((await act(started.paymentId, "decline")).statusCode).toBe(303);
    await vi.waitFor(() => expect(harness.receiver.forPayment(started.paymentId)).toHaveLength(1), { timeout: 5_000 });
    const again = await act(started.paymentId, "approve");
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(request.returnUrl);
    expect((await harness.gateway.adapter.retrievePayment(started.paymentId)).state).toBe("failed");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(harness.receiver.forPayment(started.paymentId)).toHaveLength(1);
  });

  it("takes the form post with no content type or a tiny url-encoded body too", async () => {
    const started = await start();
    const response = await harness.app.inject({
      method: "POST",
      url: `/sandbox-gateway/pay/${started.paymentId}/approve`,
      headers: FORM,
      payload: "confirm=1",
    });
    expect(response.statusCode).toBe(303);
    const bare = await start();
    expect(
      (await harness.app.inject({ method: "POST", url: `/sandbox-gateway/pay/${bare.paymentId}/expire` })).statusCode,
    ).toBe(303);
  });

  it("resend-webhook?times=3 delivers the same event 3 more times", async () => {
    const started = await start();
    await act(started.paymentId, "approve");
    await vi.waitFor(() => expect(harness.receiver.forPayment(started.paymentId)).toHaveLength(1), { timeout: 5_000 });
    const response = await harness.app.inject({
      method: "POST",
      url: `/sandbox-gateway/pay/${started.paymentId}/resend-webhook?times=3`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: "success", data: { queued: 3 } });
    await vi.waitFor(() => expect(harness.receiver.forPayment(started.paymentId)).toHaveLength(4), { timeout: 5_000 });
    const events = harness.receiver.forPayment(started.paymentId).map(verified);
    expect(new Set(events.map((event) => event.id)).size).toBe(1);
    expect(new Set(harness.receiver.forPayment(started.paymentId).map((delivery) => delivery.body)).size).toBe(1);
  });

  it("resend-webhook refuses times outside 1..50, an open payment (no event yet) and an unknown one", async () => {
    const started = await start();
    const resend = (query: string, id = started.paymentId) =>
      harness.app.inject({ method: "POST", url: `/sandbox-gateway/pay/${id}/resend-webhook${query}` });
    expect((await resend("?times=0")).statusCode).toBe(400);
    expect((await resend("?times=51")).statusCode).toBe(400);
    expect((await resend("?times=abc")).statusCode).toBe(400);
    const open = await resend("?times=2");
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ code: 409, data: null });
    expect((await resend("", "pay_000000000000000000000000")).statusCode).toBe(404);
  });

  it("its POST routes fall in the rate limiter's writes budget", () => {
    for (const action of ["approve", "decline", "expire", "resend-webhook"]) {
      expect(rateLimitGroupOf("POST", `/sandbox-gateway/pay/:payment_id/${action}`)).toBe("writes");
    }
  });

  it("logs deliveries without the signature or the secret", () => {
    const text = harness.logs.join("\n");
    expect(text).toContain("sandbox gateway: webhook delivered");
    expect(text).not.toContain(harness.secret);
    expect(text).not.toMatch(/v1=[0-9a-f]{64}/);
  });
});
