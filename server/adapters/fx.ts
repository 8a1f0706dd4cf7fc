// The FX adapter: where exchange rates come from. A source answers JSON
// `{"date": "YYYY-MM-DD", "base": "USD", "rates": {"VND": 26312.5, ...}}` (units of each currency
// per US dollar); the bundled dated snapshot (server/assets/fx-rates-*.json) has the same shape
// and is what the embedded default prices with. Answers are checked strictly: a source that
// leaves out a currency or sends a zero, negative or non-numeric rate is refused as a whole, so
// the rates table never mixes a bad answer into good rates.
import { readFileSync } from "node:fs";
import { FX_CURRENCIES, type FxCurrency } from "../../contract/commerce";

export interface FxRates {
  /** The day the rates are from (YYYY-MM-DD). */
  date: string;
  /** Units of each currency per US dollar, as decimal strings (exact, for the numeric column). */
  rates: Record<FxCurrency, string>;
}

export class FxSourceError extends Error {
  override name = "FxSourceError";
}

export const BUNDLED_FX_FILE = "fx-rates-2026-11-20.json";
const FETCH_TIMEOUT_MS = 10_000;
const MAX_RATE = 1e11;

/** Checks a source's answer; throws FxSourceError naming what is wrong. */
export function parseFxRates(body: unknown): FxRates {
  if (typeof body !== "object" || body === null) throw new FxSourceError("not a JSON object");
  const { date, base, rates } = body as { date?: unknown; base?: unknown; rates?: unknown };
  if (base !== "USD") throw new FxSourceError(`base must be USD, got ${JSON.stringify(base)}`);
  if (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
    throw new FxSourceError("date must be YYYY-MM-DD");
  if (typeof rates !== "object" || rates === null) throw new FxSourceError("rates must be an object");
  const parsed = {} as Record<FxCurrency, string>;
  for (const currency of FX_CURRENCIES) {
    const rate = (rates as Record<string, unknown>)[currency];
    if (typeof rate !== "number" || !Number.isFinite(rate) || rate <= 0 || rate > MAX_RATE)
      throw new FxSourceError(`rates.${currency} must be a positive number`);
    // At most 8 decimals (the column's scale), without exponent notation.
    parsed[currency] = rate.toFixed(8).replace(/\.?0+$/, "");
  }
  return { date, rates: parsed };
}

/** The bundled snapshot (read once). */
let bundled: FxRates | undefined;
export function bundledFxRates(): FxRates {
  bundled ??= parseFxRates(
    JSON.parse(readFileSync(new URL(`../assets/${BUNDLED_FX_FILE}`, import.meta.url), "utf8")) as unknown,
  );
  return bundled;
}

/** Fetches and checks the rates at `url`; throws FxSourceError on any failure. */
export async function fetchFxRates(url: string, fetchImpl: typeof fetch = fetch): Promise<FxRates> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    throw new FxSourceError(`request failed: ${(error as Error).message}`);
  }
  if (!response.ok) throw new FxSourceError(`HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new FxSourceError("answer is not JSON");
  }
  return parseFxRates(body);
}
