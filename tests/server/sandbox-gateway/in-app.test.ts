// The sandbox gateway inside the whole app (app.ts): in demo mode its hosted page is served as a
// page (no system-id header, no session; the page CSP, not the API's) and its actions redirect;
// outside demo mode (PAYMENTS_ADAPTER=none) none of its routes exist. Listening on a real port,
// its webhook reaches the app's own webhook route by default, which believes it (an unknown
// payment is answered 200, so the delivery is marked delivered).
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../server/db/client";
import { eq } from "drizzle-orm";
import { sandboxPayments, sandboxWebhookDeliveries } from "../../../server/db/schema";
import { freePort } from "../../../scripts/free-port";
import { buildTestApp, openTestDatabase } from "../helpers/app";

const PAYMENT_ID = "pay_00000000000000000000abcd";

describe("sandbox gateway in the app", () => {
  let database: Database;
  let demo: FastifyInstance;
  let production: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    demo = await buildTestApp(database, { env: { SANDBOX_WEBHOOK_URL: "http://127.0.0.1:9/unused" } });
    production = await buildTestApp(database, { env: { DEMO_MODE: "false" } });
    await database.db.insert(sandboxPayments).values({
      id: PAYMENT_ID,
      idempotencyKey: "in-app-test",
      amountMinor: 1990,
      currency: "SGD",
      method: "paynow",
      description: "Basic, 1 month",
      reference: "SR20261124INAPP001",
      returnUrl: "/paySuccess?subscription_no=SR20261124INAPP001",
    });
  });
  afterAll(async () => {
    await demo?.close();
    await production?.close();
    await database?.close();
  });

  it("serves the hosted page as a page in demo mode: no system-id or session needed, the page CSP", async () => {
    const response = await demo.inject({ method: "GET", url: `/sandbox-gateway/pay/${PAYMENT_ID}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/SGD\s19\.90/);
    expect(response.body).toContain("<svg");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).not.toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("redirects the browser back to the merchant after a decision", async () => {
    const response = await demo.inject({
      method: "POST",
      url: `/sandbox-gateway/pay/${PAYMENT_ID}/approve`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/paySuccess?subscription_no=SR20261124INAPP001");
  });

  it("does not exist outside demo mode", async () => {
    const page = await production.inject({ method: "GET", url: `/sandbox-gateway/pay/${PAYMENT_ID}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain("Sandbox Gateway");
    const action = await production.inject({ method: "POST", url: `/sandbox-gateway/pay/${PAYMENT_ID}/approve` });
    expect(action.statusCode).toBe(404);
  });
});

describe("sandbox gateway delivering to the app's own webhook route", () => {
  let database: Database;
  let app: FastifyInstance;
  const paymentId = "pay_00000000000000000000beef";

  beforeAll(async () => {
    database = await openTestDatabase();
    const port = await freePort();
    app = await buildTestApp(database, { env: { PORT: String(port) } });
    await app.listen({ port, host: "127.0.0.1" });
    await database.db.insert(sandboxPayments).values({
      id: paymentId,
      idempotencyKey: "in-app-delivery-test",
      amountMinor: 1990,
      currency: "USD",
      method: "card_vn",
      description: "Basic, 1 month",
      reference: "SR20261124NOORDER1",
      returnUrl: "/paySuccess",
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("is signed with the secret the app's adapter checks: answered 2xx on the first attempt", async () => {
    const response = await app.inject({ method: "POST", url: `/sandbox-gateway/pay/${paymentId}/approve` });
    expect(response.statusCode).toBe(303);
    await vi.waitFor(
      async () => {
        const [row] = await database.db
          .select()
          .from(sandboxWebhookDeliveries)
          .where(eq(sandboxWebhookDeliveries.paymentId, paymentId));
        expect(row).toMatchObject({ attempts: 1, lastStatus: 200 });
        expect(row?.deliveredAt).not.toBeNull();
      },
      { timeout: 10_000 },
    );
  });
});
