// The exchange-rate table (fx_rates): filled from the bundled dated snapshot when a currency has
// no row yet (at boot), replaced by the refresh job's answers, and read by pricing:
// rateOf(currency) and convert(amount, from, to), rounded to the currency's decimals. USD is the
// base (rate 1, always "today").
import { eq, sql } from "drizzle-orm";
import { FX_CURRENCIES } from "../../../../contract/commerce";
import type { Db } from "../../../db/client";
import { fxRates } from "../../../db/schema";
import { bundledFxRates, BUNDLED_FX_FILE, type FxRates } from "../../../adapters/fx";
import { commerceError } from "../errors";
import { convertToMinor, crossRate, decimalsOf } from "./money";

export interface Rate {
  currency: string;
  /** Units of the currency per US dollar (decimal string, exact). */
  perUsd: string;
  /** The day the rate is from (YYYY-MM-DD). */
  date: string;
}

/** Writes the bundled snapshot's rate for every currency that has none (idempotent, any instance). */
export async function seedFxRates(db: Db, snapshot: FxRates = bundledFxRates()): Promise<void> {
  await db
    .insert(fxRates)
    .values(
      FX_CURRENCIES.map((currency) => ({
        currency,
        ratePerUsd: snapshot.rates[currency],
        rateDate: snapshot.date,
        source: `bundled:${BUNDLED_FX_FILE}`,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Replaces the rates with `fetched` (from `source`), except where the stored rate is from a later
 * day (a source answering an old file never moves rates back). Rows changed.
 */
export async function storeFxRates(db: Pick<Db, "insert">, fetched: FxRates, source: string): Promise<number> {
  const rows = await db
    .insert(fxRates)
    .values(
      FX_CURRENCIES.map((currency) => ({
        currency,
        ratePerUsd: fetched.rates[currency],
        rateDate: fetched.date,
        source,
      })),
    )
    .onConflictDoUpdate({
      target: fxRates.currency,
      set: {
        ratePerUsd: sql`excluded.rate_per_usd`,
        rateDate: sql`excluded.rate_date`,
        source: sql`excluded.source`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${fxRates.rateDate} <= excluded.rate_date`,
    })
    .returning({ currency: fxRates.currency });
  return rows.length;
}

/** The rate of `currency` per US dollar; a currency without a row is a 400. */
export async function rateOf(db: Db, currency: string, today: Date): Promise<Rate> {
  if (currency === "USD") return { currency, perUsd: "1", date: today.toISOString().slice(0, 10) };
  const [row] = await db.select().from(fxRates).where(eq(fxRates.currency, currency));
  if (!row) throw commerceError("UNKNOWN_CURRENCY", currency);
  return { currency, perUsd: row.ratePerUsd, date: row.rateDate };
}

export interface Conversion {
  /** In `to`'s major units, rounded to its decimals. */
  amount: number;
  currency: string;
  /** Units of `to` per unit of `from`. */
  rate: number;
  /** The date of the older of the two rates. */
  rateDate: string;
}

/** `amount` of `from` in `to`, at the table's rates. */
export async function convert(db: Db, amount: number, from: string, to: string, today: Date): Promise<Conversion> {
  const [source, target] = await Promise.all([rateOf(db, from, today), rateOf(db, to, today)]);
  const minor = convertToMinor(amount, source.perUsd, target.perUsd, to);
  return {
    amount: minor / 10 ** decimalsOf(to),
    currency: to,
    rate: crossRate(source.perUsd, target.perUsd),
    rateDate: source.date < target.date ? source.date : target.date,
  };
}
