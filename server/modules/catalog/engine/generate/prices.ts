// Demo prices: a US-dollar figure converted at a fixed demo rate and rounded the way shops in
// each market price things (VND 149.000, Rp89.900, ฿299, RM19.90, ₱299, S$12.90). Returns cents.
import type { MarketCode } from "../model/markets";

/** Units of local currency per US dollar, fixed for the demo (live rates are phase 2's fx job). */
export const DEMO_USD_RATE: Readonly<Record<MarketCode, number>> = {
  VN: 25_400,
  ID: 16_200,
  TH: 35.5,
  MY: 4.6,
  PH: 57,
  SG: 1.34,
};

function roundMajor(market: MarketCode, amount: number): number {
  switch (market) {
    case "VN":
      return Math.max(1, Math.ceil(amount / 10_000)) * 10_000 - 1_000;
    case "ID":
      return Math.max(1, Math.ceil(amount / 1_000)) * 1_000 - 100;
    case "TH":
    case "PH":
      return Math.max(1, Math.ceil(amount / 10)) * 10 - 1;
    case "MY":
    case "SG":
      return Math.max(1, Math.ceil(amount)) - 0.1;
  }
}

export function localPriceCents(market: MarketCode, usd: number): number {
  return Math.round(roundMajor(market, usd * DEMO_USD_RATE[market]) * 100);
}
