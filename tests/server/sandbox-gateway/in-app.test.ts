// The sandbox gateway inside the whole app (app.ts): in demo mode its hosted page is served as a
// page (no system-id header, no session; the page CSP, not the API's) and its actions redirect;
// outside demo mode (PAYMENTS_ADAPTER=none) none of its routes exist.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { sandboxPayments } from "../../../server/db/schema";
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
