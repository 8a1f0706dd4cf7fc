// The exchange-rate job against a local HTTP stand-in for FX_SOURCE_URL: a good answer replaces
// the rates (with its date and source), an answer from an older day never moves them back, and
// every bad answer (HTTP error, not JSON, wrong base, a missing or non-positive rate, nothing
// listening) keeps the old rates and logs one warning. An app with FX_SOURCE_URL refreshes at
// start. (A run skipped while another instance holds the lock: postgres.test.ts.)
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { fxRates } from "../../../server/db/schema";
import { refreshFxRates } from "../../../server/modules/commerce";
import { openTestDatabase } from "../helpers/app";
import { buildCommerceApp } from "./harness";

const GOOD = {
  date: "2026-11-23",
  base: "USD",
  rates: { VND: 26400, IDR: 16700.5, THB: 32.1, MYR: 4.15, PHP: 59.02, SGD: 1.305, CNY: 7.12 },
};

let database: Database;
let server: Server;
let url: string;
/** What the stand-in answers next: status and body text. */
let answer: { status: number; body: string } = { status: 200, body: JSON.stringify(GOOD) };

beforeAll(async () => {
  database = await openTestDatabase();
  server = createServer((_request, response) => {
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rates.json`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database?.close();
});

function recordingLog() {
  const warnings: string[] = [];
  return { warnings, log: { info: () => {}, warn: (_fields: object, message: string) => void warnings.push(message) } };
}

const vnd = async () => (await database.db.select().from(fxRates).where(eq(fxRates.currency, "VND")))[0];

describe("refreshFxRates", () => {
  it("an app with FX_SOURCE_URL fetches the rates at start", async () => {
    const app = await buildCommerceApp(database, { FX_SOURCE_URL: url });
    try {
      const deadline = Date.now() + 5_000;
      while ((await vnd())?.rateDate !== "2026-11-23") {
        if (Date.now() > deadline) throw new Error("the rates were not refreshed at start");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const row = await vnd();
      expect(Number(row.ratePerUsd)).toBe(26400);
      expect(row.source).toBe(new URL(url).host);
      const prices = await app.inject({
        method: "GET",
        url: "/v1/user/combo/public-prices?country=VN",
        headers: { "system-id": "14" },
      });
      expect(prices.json().data).toMatchObject({ rate: 26400, rate_date: "2026-11-23" });
    } finally {
      await app.close();
    }
  });

  it("keeps the old rates and warns on every bad answer", async () => {
    const bad = [
      { status: 500, body: "oops" },
      { status: 200, body: "not json" },
      { status: 200, body: JSON.stringify({ ...GOOD, base: "EUR" }) },
      { status: 200, body: JSON.stringify({ ...GOOD, date: "yesterday" }) },
      { status: 200, body: JSON.stringify({ ...GOOD, rates: { ...GOOD.rates, THB: 0 } }) },
      { status: 200, body: JSON.stringify({ ...GOOD, rates: { ...GOOD.rates, IDR: "16700" } }) },
      { status: 200, body: JSON.stringify({ date: GOOD.date, base: "USD", rates: { VND: 1 } }) },
    ];
    const before = await database.db.select().from(fxRates);
    for (const reply of bad) {
      answer = reply;
      const { warnings, log } = recordingLog();
      const result = await refreshFxRates(database.db, url, log);
      expect(result, reply.body).toHaveProperty("failed");
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/previous rates are kept/);
    }
    const { warnings, log } = recordingLog();
    expect(await refreshFxRates(database.db, "http://127.0.0.1:9/rates.json", log)).toHaveProperty("failed");
    expect(warnings).toHaveLength(1);
    expect(await database.db.select().from(fxRates)).toEqual(before);
  });

  it("stores a newer day's rates and never moves back to an older day's", async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ ...GOOD, date: "2026-11-24", rates: { ...GOOD.rates, VND: 26500 } }),
    };
    expect(await refreshFxRates(database.db, url, recordingLog().log)).toEqual({ stored: 7, date: "2026-11-24" });
    expect(Number((await vnd()).ratePerUsd)).toBe(26500);
    answer = { status: 200, body: JSON.stringify({ ...GOOD, date: "2026-11-01", rates: { ...GOOD.rates, VND: 1 } }) };
    expect(await refreshFxRates(database.db, url, recordingLog().log)).toEqual({ stored: 0, date: "2026-11-01" });
    expect((await vnd()).rateDate).toBe("2026-11-24");
  });
});
