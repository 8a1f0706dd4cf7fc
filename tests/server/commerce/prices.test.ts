// Plans and local prices: public-prices (token optional), the currency converter, the bundled
// FX snapshot filling the rates table at boot, and conversions rounded to each currency's
// decimals (exactly, without binary floating-point drift).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { fxRates } from "../../../server/db/schema";
import type { Database } from "../../../server/db/client";
import { bundledFxRates } from "../../../server/adapters/fx";
import { convertToMinor, usdCentsToMinor } from "../../../server/modules/commerce/services/money";
import { buildCommerceApp, buyer, CommerceClient, openCommerceApp } from "./harness";

let database: Database;
let client: CommerceClient;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, client, close } = await openCommerceApp());
});
afterAll(() => close?.());

describe("exchange rates", () => {
  it("fills the table from the bundled, dated snapshot at boot", async () => {
    const rows = await database.db.select().from(fxRates);
    const snapshot = bundledFxRates();
    expect(rows.map((row) => row.currency).sort()).toEqual(["CNY", "IDR", "MYR", "PHP", "SGD", "THB", "VND"]);
    const vnd = rows.find((row) => row.currency === "VND")!;
    expect(Number(vnd.ratePerUsd)).toBe(Number(snapshot.rates.VND));
    expect(vnd.rateDate).toBe(snapshot.date);
    expect(vnd.source).toMatch(/^bundled:fx-rates-\d{4}-\d{2}-\d{2}\.json$/);
  });

  it("rounds to the currency's minor unit exactly (half up)", () => {
    // 19.90 × 26312.5 = 523618.75 VND -> 523619 (no decimals)
    expect(usdCentsToMinor(1990, "26312.5", "VND")).toBe(523619);
    // 19.90 × 32.47 = 646.153 THB -> 646.15 (in satang: 64615)
    expect(usdCentsToMinor(1990, "32.47", "THB")).toBe(64615);
    // 0.5 VND rounds up; 1.005 USD at rate 1 keeps two decimals half up
    expect(usdCentsToMinor(1, "50", "VND")).toBe(1);
    expect(convertToMinor(1.005, "1", "1", "USD")).toBe(101);
    expect(convertToMinor(100, "26312.5", "1", "USD")).toBe(0); // 100 VND is 0.0038 USD
  });

  it("converts through POST /api/v1/open/currency/converter without a session", async () => {
    const answer = await client.call("POST", "/api/v1/open/currency/converter", {
      body: { amount: 19.9, from: "USD", to: "VND" },
    });
    expect(answer).toMatchObject({ status: 200, code: 0 });
    expect(answer.data).toEqual({ amount: 523619, currency: "VND", rate: 26312.5, rate_date: "2026-11-20" });
    const back = await client.call("POST", "/api/v1/open/currency/converter", {
      body: { amount: 523619, from: "VND", to: "USD" },
    });
    expect(back.data.amount).toBe(19.9);
    const cross = await client.call("POST", "/api/v1/open/currency/converter", {
      body: { amount: 10, from: "SGD", to: "MYR" },
    });
    // 10 SGD = 10 / 1.3018 × 4.142 MYR = 31.82 MYR
    expect(cross.data).toMatchObject({ amount: 31.82, currency: "MYR" });
    expect(cross.data.rate).toBeCloseTo(4.142 / 1.3018, 6);
  });

  it("refuses unknown currencies and negative amounts with a 400", async () => {
    const unknown = await client.call("POST", "/api/v1/open/currency/converter", {
      body: { amount: 1, from: "USD", to: "EUR" },
    });
    expect(unknown).toMatchObject({ status: 400, code: 400 });
    expect(unknown.msg).toMatch(/to/);
    const negative = await client.call("POST", "/api/v1/open/currency/converter", {
      body: { amount: -1, from: "USD", to: "VND" },
    });
    expect(negative).toMatchObject({ status: 400, code: 400 });
  });
});

describe("GET /v1/user/combo/public-prices", () => {
  it("lists every plan and cycle in USD, per month and in the market's currency, without a session", async () => {
    const answer = await client.call("GET", "/v1/user/combo/public-prices?country=TH");
    expect(answer).toMatchObject({ status: 200, code: 0 });
    const { data } = answer;
    expect(data).toMatchObject({ country: "TH", currency: "THB", rate: 32.47, rate_date: "2026-11-20" });
    expect(data.plans).toHaveLength(6);
    expect(data.plans).toContainEqual({
      plan: "basic",
      months: 1,
      price_usd: 19.9,
      per_month_usd: 19.9,
      price_local: 646.15,
    });
    expect(data.plans).toContainEqual({
      plan: "basic",
      months: 12,
      price_usd: 198,
      per_month_usd: 16.5,
      price_local: 6429.06,
    });
    expect(data.plans).toContainEqual(expect.objectContaining({ plan: "pro", months: 12, price_usd: 798 }));
    expect(data.countries).toHaveLength(6);
    expect(data.methods).toHaveLength(21);
    expect(data.methods).toContainEqual({
      id: "vietqr",
      country: "VN",
      kind: "qr",
      min_usd: 25,
      max_usd: 5000,
      vietnam_only: true,
      recurring: false,
    });
    // Cards and e-wallets renew (the sandbox saves every method); QR codes and banks do not.
    const recurring = (id: string) => data.methods.find((method: { id: string }) => method.id === id)?.recurring;
    expect([recurring("card_vn"), recurring("gcash"), recurring("promptpay"), recurring("fpx")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("defaults to Vietnam, also answers a signed-in caller, and uses PLAN_PRICES overrides", async () => {
    const { token } = await buyer(database);
    const answer = await client.call("GET", "/v1/user/combo/public-prices", { token });
    expect(answer.data).toMatchObject({ country: "VN", currency: "VND" });
    const other = await buildCommerceApp(database, { PLAN_PRICES: '{"basic": {"1": 21.9}}' });
    try {
      const prices = await new CommerceClient(other).call("GET", "/v1/user/combo/public-prices?country=VN");
      expect(prices.data.plans).toContainEqual(expect.objectContaining({ plan: "basic", months: 1, price_usd: 21.9 }));
    } finally {
      await other.close();
    }
  });

  it("answers a bad country with a 400", async () => {
    expect(await client.call("GET", "/v1/user/combo/public-prices?country=FR")).toMatchObject({ status: 400 });
  });

  it("keeps the stored rates when the snapshot is applied again (a restart)", async () => {
    await database.db
      .update(fxRates)
      .set({ ratePerUsd: "27000", rateDate: "2026-11-23" })
      .where(eq(fxRates.currency, "VND"));
    const again = await buildCommerceApp(database);
    try {
      const [vnd] = await database.db.select().from(fxRates).where(eq(fxRates.currency, "VND"));
      expect(vnd.ratePerUsd).toMatch(/^27000(\.0+)?$/);
    } finally {
      await again.close();
      await database.db
        .update(fxRates)
        .set({ ratePerUsd: bundledFxRates().rates.VND, rateDate: bundledFxRates().date })
        .where(eq(fxRates.currency, "VND"));
    }
  });
});
