// The six markets the product covers (spec: Southeast Asia), with the currency and content
// language of each. Content language drives generated titles and search normalisation; it is
// not a UI locale (those are zh/en/vi/id/th, see categories).

export const MARKET_CODES = ["VN", "ID", "TH", "MY", "PH", "SG"] as const;
export type MarketCode = (typeof MARKET_CODES)[number];

/** Languages content is written in: Vietnamese, Indonesian, Thai, Malay, Filipino, English. */
export const CONTENT_LANGUAGES = ["vi", "id", "th", "ms", "fil", "en"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

export interface Market {
  code: MarketCode;
  name: string;
  /** ISO 4217. Every money amount in the engine is in cents (hundredths) of this currency. */
  currency: string;
  language: ContentLanguage;
}

export const MARKETS: readonly Market[] = [
  { code: "VN", name: "Vietnam", currency: "VND", language: "vi" },
  { code: "ID", name: "Indonesia", currency: "IDR", language: "id" },
  { code: "TH", name: "Thailand", currency: "THB", language: "th" },
  { code: "MY", name: "Malaysia", currency: "MYR", language: "ms" },
  { code: "PH", name: "Philippines", currency: "PHP", language: "fil" },
  { code: "SG", name: "Singapore", currency: "SGD", language: "en" },
];

export const DEFAULT_MARKET: MarketCode = "VN";

export function isMarketCode(value: unknown): value is MarketCode {
  return typeof value === "string" && (MARKET_CODES as readonly string[]).includes(value);
}

export function marketOf(code: MarketCode): Market {
  return MARKETS.find((market) => market.code === code)!;
}
