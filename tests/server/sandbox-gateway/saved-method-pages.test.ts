// The sandbox gateway's pages for saved methods, as a tester's browser sees them: a payment that
// saves its card shows the test-card form (labels the end-to-end tests use, prefilled with
// 4242 4242 4242 4242 and a future expiry) and refuses a bad number, a past expiry or a bad CVC
// with a message on the page (400, never a 500), keeping what was typed but the CVC; the setup
// pages show "Save card" / "Cancel" or "Authorise mandate" / "Decline"; a saved method's page
// switches its next charge to fail and back; the customer page lists and links the methods;
// unknown ids are 404 pages; no page has a script; every POST is a rate-limited write.
import { describe, expect, it } from "vitest";
import { rateLimitGroupOf } from "../../../server/plugins/rate-limit";
import { cardForm, newCustomer, paymentRequest, postForm, saveCardViaSetup, useGateway } from "./harness";

const nextYear2 = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0");

describe("sandbox gateway: saved-method pages", () => {
  const harness = useGateway();

  const get = (url: string) => harness.app.inject({ method: "GET", url });
  const savingPayment = async (method = "card_vn") => {
    const customerId = await newCustomer(harness.gateway);
    const started = await harness.gateway.adapter.startPayment(paymentRequest({ method, saveFor: { customerId } }));
    return { customerId, ...started };
  };

  it("a saving card payment shows the labelled test-card form inside the approving form", async () => {
    const { paymentId, redirectUrl } = await savingPayment();
    const html = (await get(redirectUrl)).body;
    expect(html).toContain('<label for="card-number">Card number</label>');
    expect(html).toMatch(/<input type="text" id="card-number" name="card_number" value="4242 4242 4242 4242"/);
    expect(html).toContain('<label for="card-expiry">Expiry (MM/YY)</label>');
    expect(html).toMatch(new RegExp(`id="card-expiry" name="expiry" value="12/${nextYear2}"`));
    expect(html).toContain('<label for="card-cvc">CVC</label>');
    expect(html).toMatch(/id="card-cvc" name="cvc" value=""/);
    expect(html).toContain(
      '<label class="check"><input type="checkbox" name="fail_next" value="1"><span>Fail the next charge of this card (testing)</span></label>',
    );
    // The fields belong to the Approve form; Decline and Let it expire stay bare.
    const approve = html.slice(html.indexOf(`action="/sandbox-gateway/pay/${paymentId}/approve"`));
    expect(approve.indexOf("card_number")).toBeLessThan(approve.indexOf("Approve payment"));
    expect(approve.indexOf("Approve payment")).toBeLessThan(approve.indexOf("</form>"));
    expect(html).toContain(
      `<form method="post" action="/sandbox-gateway/pay/${paymentId}/decline"><button type="submit" class="decline">Decline payment</button></form>`,
    );
    expect(html).not.toMatch(/<script|\son\w+=|javascript:/i);
  });

  it("a payment without saveFor keeps the plain page (no card form, no mandate text)", async () => {
    const started = await harness.gateway.adapter.startPayment(paymentRequest());
    const html = (await get(started.redirectUrl)).body;
    expect(html).not.toContain("Card number");
    expect(html).not.toContain("Authorise automatic renewals");
    expect(html).toContain(
      `<form method="post" action="/sandbox-gateway/pay/${started.paymentId}/approve"><button type="submit" class="approve">Approve payment</button></form>`,
    );
  });

  for (const [name, fields, message] of [
    ["a number failing Luhn", cardForm("4242 4242 4242 4241"), "Enter a valid card number"],
    ["letters for a number", cardForm("abcd"), "Enter a valid card number"],
    ["an unknown brand", cardForm("6011 1111 1111 1117"), "takes Visa (4...), Mastercard (5...) and American Express"],
    ["a past expiry", cardForm(undefined, { expiry: "01/20" }), "This card has expired"],
    ["a month 13", cardForm(undefined, { expiry: "13/40" }), "Enter the expiry as MM/YY"],
    ["a two-digit CVC", cardForm(undefined, { cvc: "12" }), "Enter the 3 or 4 digit CVC"],
    ["the form's fields sent empty", { card_number: "", expiry: "", cvc: "" }, "Enter a valid card number"],
  ] as const) {
    it(`refuses ${name} with a message on the page and leaves the payment open`, async () => {
      const { paymentId } = await savingPayment();
      const answer = await postForm(harness.app, `/sandbox-gateway/pay/${paymentId}/approve`, fields);
      expect(answer.statusCode).toBe(400);
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.body).toMatch(new RegExp(`<p class="error" role="alert">[^<]*${escapeRegExp(message)}`));
      expect((await harness.gateway.adapter.retrievePayment(paymentId)).state).toBe("pending");
    });
  }

  it("keeps what was typed after a refusal, but never the CVC", async () => {
    const { paymentId } = await savingPayment();
    const answer = await postForm(
      harness.app,
      `/sandbox-gateway/pay/${paymentId}/approve`,
      cardForm("5555 5555 5555 4444", { expiry: "01/20", cvc: "987", fail_next: "1" }),
    );
    expect(answer.body).toContain('value="5555 5555 5555 4444"');
    expect(answer.body).toContain('value="01/20"');
    expect(answer.body).not.toContain("987");
    expect(answer.body).toContain('name="fail_next" value="1" checked');
  });

  it("an oversized post is refused without a 500", async () => {
    const { paymentId } = await savingPayment();
    const answer = await postForm(harness.app, `/sandbox-gateway/pay/${paymentId}/approve`, {
      card_number: "4".repeat(5_000),
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
  });

  it("a saving wallet payment says which wallet it authorises", async () => {
    const { redirectUrl } = await savingPayment("gcash");
    const html = (await get(redirectUrl)).body;
    expect(html).toContain('<p class="mandate">Authorise automatic renewals with GCash</p>');
    expect(html).not.toContain("Card number");
  });

  it("the card setup page: the form with Save card and Cancel; the wallet's: Authorise mandate and Decline", async () => {
    const customerId = await newCustomer(harness.gateway);
    const card = await harness.gateway.adapter.startSetup({
      customerId,
      kind: "card",
      method: "card_vn",
      returnUrl: "/subscription",
      idempotencyKey: `page-card-${customerId}`,
    });
    const cardPage = await get(card.redirectUrl);
    expect(cardPage.statusCode).toBe(200);
    expect(cardPage.headers["cache-control"]).toBe("no-store");
    expect(cardPage.body).toContain('<label for="card-number">Card number</label>');
    expect(cardPage.body).toContain('<button type="submit" class="approve">Save card</button>');
    expect(cardPage.body).toContain(
      `<form method="post" action="/sandbox-gateway/setup/${card.setupId}/decline"><button type="submit" class="expire">Cancel</button></form>`,
    );
    expect(cardPage.body).not.toMatch(/<script|\son\w+=|javascript:/i);
    const refused = await postForm(harness.app, `${card.redirectUrl}/approve`, cardForm(undefined, { cvc: "" }));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Enter the 3 or 4 digit CVC.");

    const wallet = await harness.gateway.adapter.startSetup({
      customerId,
      kind: "wallet",
      method: "zalopay",
      returnUrl: "/subscription",
      idempotencyKey: `page-wallet-${customerId}`,
    });
    const walletPage = (await get(wallet.redirectUrl)).body;
    expect(walletPage).toContain("Authorise automatic renewals with ZaloPay");
    expect(walletPage).toContain('<button type="submit" class="approve">Authorise mandate</button>');
    expect(walletPage).toContain('<button type="submit" class="decline">Decline</button>');
    expect(walletPage).not.toContain("Card number");

    // Closed: the state and the way back with setup_id, no more buttons.
    await postForm(harness.app, `${wallet.redirectUrl}/approve`);
    const closed = (await get(wallet.redirectUrl)).body;
    expect(closed).toContain('data-state="succeeded"');
    expect(closed).toContain(`href="/subscription?setup_id=${wallet.setupId}"`);
    expect(closed).toContain("ZaloPay mandate");
    expect(closed).not.toContain("<button");
  });

  it("a saved method's page switches its next charge to fail and back", async () => {
    const customerId = await newCustomer(harness.gateway);
    const methodId = await saveCardViaSetup(harness, customerId);
    const path = `/sandbox-gateway/methods/${methodId}`;
    const before = (await get(path)).body;
    expect(before).toContain("Visa ending in 4242");
    expect(before).toContain(`12/${2000 + ((new Date().getUTCFullYear() + 2) % 100)}`);
    expect(before).toContain(`href="/sandbox-gateway/customers/${customerId}"`);
    expect(before).toContain('data-fail-next="false">Succeeds');
    expect(before).toContain(
      `<form method="post" action="${path}/fail-next"><button type="submit" class="decline">Make the next charge fail</button></form>`,
    );
    expect(before).not.toContain("Charges succeed again");

    const on = await postForm(harness.app, `${path}/fail-next`);
    expect(on.statusCode).toBe(303);
    expect(on.headers.location).toBe(path);
    const after = (await get(path)).body;
    expect(after).toContain('data-fail-next="true">Fails (switched on for testing)');
    expect(after).toContain(
      `<form method="post" action="${path}/succeed"><button type="submit" class="approve">Charges succeed again</button></form>`,
    );
    await postForm(harness.app, `${path}/succeed`);
    expect((await get(path)).body).toContain('data-fail-next="false"');
    const charged = await harness.gateway.adapter.chargeSaved({
      customerId,
      methodId,
      amountMinor: 100_000,
      currency: "VND",
      reference: `SR-PAGE-${methodId}`,
      description: "Basic, 1 month (renewal)",
      idempotencyKey: `page-switch-${methodId}`,
    });
    expect(charged.state).toBe("succeeded");

    // Detached: said so, and no switch any more.
    await harness.gateway.adapter.detachMethod(methodId);
    const detached = (await get(path)).body;
    expect(detached).toContain("Detached: it can no longer be charged");
    expect(detached).not.toContain("<button");
  });

  it("the customer page lists its methods with links", async () => {
    const customerId = await newCustomer(harness.gateway);
    const first = await saveCardViaSetup(harness, customerId, "5555 5555 5555 4444");
    const second = await saveCardViaSetup(harness, customerId, "4000 0000 0000 0341");
    await harness.gateway.adapter.detachMethod(first);
    const html = (await get(`/sandbox-gateway/customers/${customerId}`)).body;
    expect(html).toContain(`<a href="/sandbox-gateway/methods/${first}">Mastercard ending in 4444</a> (Detached`);
    expect(html).toContain(`<a href="/sandbox-gateway/methods/${second}">Visa ending in 0341</a></li>`);
    expect((await get(`/sandbox-gateway/methods/${second}`)).body).toContain(
      "Declined: this test card declines every off-session charge",
    );
    const empty = await newCustomer(harness.gateway);
    expect((await get(`/sandbox-gateway/customers/${empty}`)).body).toContain("No saved payment methods yet.");
  });

  it("answers unknown or malformed ids with 404 pages", async () => {
    for (const [url, text] of [
      ["/sandbox-gateway/setup/seti_000000000000000000000000", "Setup not found"],
      ["/sandbox-gateway/setup/nope", "Setup not found"],
      ["/sandbox-gateway/methods/pm_000000000000000000000000", "Payment method not found"],
      ["/sandbox-gateway/methods/pay_000000000000000000000000", "Payment method not found"],
      ["/sandbox-gateway/customers/cus_000000000000000000000000", "Customer not found"],
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).toContain(text);
    }
    for (const url of [
      "/sandbox-gateway/setup/seti_000000000000000000000000/approve",
      "/sandbox-gateway/setup/seti_000000000000000000000000/decline",
      "/sandbox-gateway/methods/pm_000000000000000000000000/fail-next",
      "/sandbox-gateway/methods/pm_000000000000000000000000/succeed",
    ]) {
      expect((await postForm(harness.app, url)).statusCode, url).toBe(404);
    }
  });

  it("its POST routes fall in the rate limiter's writes budget", () => {
    for (const route of [
      "/sandbox-gateway/setup/:setup_id/approve",
      "/sandbox-gateway/setup/:setup_id/decline",
      "/sandbox-gateway/methods/:method_id/fail-next",
      "/sandbox-gateway/methods/:method_id/succeed",
    ]) {
      expect(rateLimitGroupOf("POST", route)).toBe("writes");
    }
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
