// The profit rule against hand-worked examples, one per market (the arithmetic is in each
// test's comments, with the fee table's rates), and its edge cases.
import { describe, expect, it } from "vitest";
import { calculateProfit, type ProfitInputs } from "../../../src/features/calculator/profit";

const base: Omit<ProfitInputs, "market" | "group" | "priceMinor" | "costMinor"> = {
  shippingMinor: 0,
  affiliateRate: 0,
  ad: { mode: "spend", totalMinor: 0 },
  units: 1,
};

describe("calculateProfit, hand-worked per market", () => {
  it("VN: 199,000 ₫ beauty, ad spend 500,000 ₫ over 50 units", () => {
    // commission 12.5 % × 199,000 = 24,875; transaction 5 % × 199,000 = 9,950; fixed 3,000
    // platform fees 24,875 + 9,950 + 3,000 = 37,825; affiliate 10 % = 19,900; ads 500,000 / 50 = 10,000
    // profit 199,000 − 37,825 − 19,900 − 80,000 − 15,000 − 10,000 = 36,275; total × 50 = 1,813,750
    // margin 36,275 / 199,000 = 18.23 %; before ads 46,275 → break-even ROAS 199,000 / 46,275 = 4.30
    // break-even price (80,000 + 15,000 + 3,000 + 10,000) / (1 − 0.125 − 0.05 − 0.10) = 108,000 / 0.725 = 148,965.52 → 148,966
    const result = calculateProfit({
      ...base,
      market: "VN",
      group: "beauty",
      priceMinor: 199_000,
      costMinor: 80_000,
      shippingMinor: 15_000,
      affiliateRate: 10_000,
      ad: { mode: "spend", totalMinor: 500_000 },
      units: 50,
    });
    expect(result).toMatchObject({
      currency: "VND",
      commission: 24_875,
      transactionFee: 9_950,
      fixedFee: 3_000,
      platformFees: 37_825,
      affiliateCommission: 19_900,
      adCost: 10_000,
      profitPerUnit: 36_275,
      totalProfit: 1_813_750,
      breakEvenPrice: 148_966,
      breakEvenRoas: 4.3,
    });
    expect(result.margin).toBeCloseTo(0.182286, 6);
  });

  it("ID: Rp150,000 fashion, target ROAS 5, 100 units", () => {
    // commission 6.5 % = 9,750; no transaction fee; fixed 500 → platform fees 10,250
    // affiliate 5 % = 7,500; ads 150,000 / 5 = 30,000
    // profit 150,000 − 10,250 − 7,500 − 60,000 − 10,000 − 30,000 = 32,250; total × 100 = 3,225,000
    // break-even price 70,500 / (1 − 0.065 − 0.05 − 1/5) = 70,500 / 0.685 = 102,919.71 → 102,920
    // before ads 62,250 → break-even ROAS 150,000 / 62,250 = 2.41; margin 21.5 %
    const result = calculateProfit({
      ...base,
      market: "ID",
      group: "fashion",
      priceMinor: 150_000,
      costMinor: 60_000,
      shippingMinor: 10_000,
      affiliateRate: 5_000,
      ad: { mode: "roas", roasHundredths: 500 },
      units: 100,
    });
    expect(result).toMatchObject({
      currency: "IDR",
      commission: 9_750,
      transactionFee: 0,
      fixedFee: 500,
      platformFees: 10_250,
      affiliateCommission: 7_500,
      adCost: 30_000,
      profitPerUnit: 32_250,
      totalProfit: 3_225_000,
      breakEvenPrice: 102_920,
      breakEvenRoas: 2.41,
      margin: 0.215,
    });
  });

  it("TH: ฿299.00 electronics, ad spend ฿1,000 over 30 units (rounded once)", () => {
    // commission 4.28 % × 299 = 12.7972 → 12.80; transaction 3.21 % = 9.5979 → 9.60
    // platform fees 22.3951 → 22.40; affiliate 8 % = 23.92; ads 1,000 / 30 = 33.3333 → 33.33
    // before ads 299 − 22.3951 − 23.92 − 120 − 35 = 97.6849
    // profit 97.6849 − 33.3333 = 64.3516 → 64.35; total 97.6849 × 30 − 1,000 = 1,930.547 → 1,930.55
    // break-even price (155 + 33.3333) / (1 − 0.0428 − 0.0321 − 0.08) = 188.3333 / 0.8451 = 222.853 → 222.85
    // break-even ROAS 299 / 97.6849 = 3.06
    const result = calculateProfit({
      ...base,
      market: "TH",
      group: "electronics",
      priceMinor: 29_900,
      costMinor: 12_000,
      shippingMinor: 3_500,
      affiliateRate: 8_000,
      ad: { mode: "spend", totalMinor: 100_000 },
      units: 30,
    });
    expect(result).toMatchObject({
      currency: "THB",
      commission: 12.8,
      transactionFee: 9.6,
      fixedFee: 0,
      platformFees: 22.4,
      affiliateCommission: 23.92,
      adCost: 33.33,
      profitPerUnit: 64.35,
      totalProfit: 1_930.55,
      breakEvenPrice: 222.85,
      breakEvenRoas: 3.06,
    });
  });

  it("MY: RM49.90 home, target ROAS 4, 200 units", () => {
    // commission 8.10 % × 49.90 = 4.0419 → 4.04; transaction 2.16 % = 1.07784 → 1.08
    // platform fees 5.11974 → 5.12; affiliate 12.5 % = 6.2375 → 6.24 (half away from zero)
    // ads 49.90 / 4 = 12.475 → 12.48
    // profit 49.90 − 5.11974 − 6.2375 − 18 − 5.50 − 12.475 = 2.56776 → 2.57; total × 200 = 513.552 → 513.55
    // break-even price 23.50 / (1 − 0.081 − 0.0216 − 0.125 − 1/4) = 23.50 / 0.5224 = 44.985 → 44.98
    // before ads 15.04276 → break-even ROAS 49.90 / 15.04276 = 3.32
    const result = calculateProfit({
      ...base,
      market: "MY",
      group: "home",
      priceMinor: 4_990,
      costMinor: 1_800,
      shippingMinor: 550,
      affiliateRate: 12_500,
      ad: { mode: "roas", roasHundredths: 400 },
      units: 200,
    });
    expect(result).toMatchObject({
      currency: "MYR",
      commission: 4.04,
      transactionFee: 1.08,
      platformFees: 5.12,
      affiliateCommission: 6.24,
      adCost: 12.48,
      profitPerUnit: 2.57,
      totalProfit: 513.55,
      breakEvenPrice: 44.98,
      breakEvenRoas: 3.32,
    });
  });

  it("PH: ₱350.00 food, no affiliate, no ads, 10 units", () => {
    // commission 7 % = 24.50; transaction 2.24 % = 7.84; fixed order processing ₱3.00 → 35.34
    // profit 350 − 35.34 − 150 = 164.66; total × 10 = 1,646.60; margin 164.66 / 350 = 47.05 %
    // break-even price 153 / (1 − 0.07 − 0.0224) = 153 / 0.9076 = 168.576 → 168.58
    // break-even ROAS 350 / 164.66 = 2.13
    const result = calculateProfit({
      ...base,
      market: "PH",
      group: "food",
      priceMinor: 35_000,
      costMinor: 15_000,
      units: 10,
    });
    expect(result).toMatchObject({
      currency: "PHP",
      commission: 24.5,
      transactionFee: 7.84,
      fixedFee: 3,
      platformFees: 35.34,
      affiliateCommission: 0,
      adCost: 0,
      profitPerUnit: 164.66,
      totalProfit: 1_646.6,
      breakEvenPrice: 168.58,
      breakEvenRoas: 2.13,
    });
    expect(result.margin).toBeCloseTo(0.470457, 6);
  });

  it("SG: S$25.00 beauty, target ROAS 6.5, 40 units", () => {
    // commission 3.27 % = 0.8175 → 0.82; transaction 2.18 % = 0.545 → 0.55; platform 1.3625 → 1.36
    // affiliate 15 % = 3.75; ads 25 / 6.5 = 3.846154 → 3.85
    // profit 25 − 1.3625 − 3.75 − 8 − 3 − 3.846154 = 5.041346 → 5.04; total × 40 = 201.654 → 201.65
    // break-even price 11 / (1 − 0.0327 − 0.0218 − 0.15 − 1/6.5) = 11 / 0.641654 = 17.143 → 17.14
    // before ads 8.8875 → break-even ROAS 25 / 8.8875 = 2.81
    const result = calculateProfit({
      ...base,
      market: "SG",
      group: "beauty",
      priceMinor: 2_500,
      costMinor: 800,
      shippingMinor: 300,
      affiliateRate: 15_000,
      ad: { mode: "roas", roasHundredths: 650 },
      units: 40,
    });
    expect(result).toMatchObject({
      currency: "SGD",
      commission: 0.82,
      transactionFee: 0.55,
      platformFees: 1.36,
      affiliateCommission: 3.75,
      adCost: 3.85,
      profitPerUnit: 5.04,
      totalProfit: 201.65,
      breakEvenPrice: 17.14,
      breakEvenRoas: 2.81,
    });
  });
});

describe("calculateProfit, edge cases", () => {
  it("zero price: only costs and the fixed fee, no margin, no break-even ROAS", () => {
    // VN, price 0: fees 0 + 0 + 3,000; profit −(10,000 + 3,000) = −13,000
    // break-even price 13,000 / (1 − 0.125 − 0.05) = 15,757.58 → 15,758
    const result = calculateProfit({ ...base, market: "VN", group: "beauty", priceMinor: 0, costMinor: 10_000 });
    expect(result).toMatchObject({ profitPerUnit: -13_000, totalProfit: -13_000, margin: null, breakEvenRoas: null });
    expect(result.breakEvenPrice).toBe(15_758);
  });

  it("affiliate commission 100 %: no price breaks even, profit is negative", () => {
    // SG 10.00 beauty: 0.327 + 0.218 + 10.00 affiliate + 2.00 cost → profit −2.545 → −2.55 (half away)
    const result = calculateProfit({
      ...base,
      market: "SG",
      group: "beauty",
      priceMinor: 1_000,
      costMinor: 200,
      affiliateRate: 100_000,
    });
    expect(result.profitPerUnit).toBe(-2.55);
    expect(result.breakEvenPrice).toBeNull();
    expect(result.breakEvenRoas).toBeNull();
    expect(result.margin).toBeCloseTo(-0.2545, 6);
  });

  it("negative profit with ads: total is units × the exact per-unit loss", () => {
    // TH ฿100 lifestyle (home 5.35 %): 5.35 + 3.21 + 90 cost = 98.56 → before ads 1.44
    // ads 300 / 3 = 100 → profit −98.56; total 1.44 × 3 − 300 = −295.68
    const result = calculateProfit({
      ...base,
      market: "TH",
      group: "home",
      priceMinor: 10_000,
      costMinor: 9_000,
      ad: { mode: "spend", totalMinor: 30_000 },
      units: 3,
    });
    expect(result).toMatchObject({ profitPerUnit: -98.56, totalProfit: -295.68, breakEvenRoas: 69.44 });
  });

  it("a target ROAS too low to break even has no break-even price", () => {
    // VN beauty: share 1 − 0.175 = 0.825 < 1 / ROAS 1 → no price covers the ads
    const result = calculateProfit({
      ...base,
      market: "VN",
      group: "beauty",
      priceMinor: 100_000,
      costMinor: 1_000,
      ad: { mode: "roas", roasHundredths: 100 },
    });
    expect(result.breakEvenPrice).toBeNull();
    expect(result.adCost).toBe(100_000);
  });

  it("refuses a target ROAS of 0", () => {
    expect(() =>
      calculateProfit({
        ...base,
        market: "VN",
        group: "beauty",
        priceMinor: 1,
        costMinor: 0,
        ad: { mode: "roas", roasHundredths: 0 },
      }),
    ).toThrow(RangeError);
  });
});
