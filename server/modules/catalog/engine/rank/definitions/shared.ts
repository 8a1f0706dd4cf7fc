// Small pieces every rank definition uses: window arithmetic and the breakout minimum bases.
import type { DayWindow } from "../types";

/** The window of equal length right before `window`. */
export function previousWindow(window: DayWindow): DayWindow {
  return { from: window.from - window.days, to: window.from - 1, days: window.days };
}

/**
 * Breakout and rising lists only rank entities with a real base in the previous window, so a
 * jump from 1 to 40 does not top the list. Bases scale with the window length.
 */
export const BREAKOUT_MIN_BASE = {
  /** Goods: units sold in the previous window, per day of the window. */
  goodsUnitsPerDay: 3,
  /** Music and hashtags: uses in the previous window, per day of the window. */
  usesPerDay: 5,
  /** Influencers: followers at the start of the window. */
  influencerFollowers: 1_000,
} as const;

/**
 * Decimal places a weighted rate is ranked by. The weighted commission rate is a sum of
 * revenue x rate over many videos divided by their revenue, and its last bits depend on the
 * order the terms are added in (the engine's video order, the database's plan); ranked by the
 * rate rounded to this many places, equal rates always fall through to the next key (revenue).
 */
export const RATE_ORDER_DECIMALS = 12;

/** A rate as the lists rank it (RATE_ORDER_DECIMALS places). */
export const rateOrderKey = (rate: number): number =>
  Math.round(rate * 10 ** RATE_ORDER_DECIMALS) / 10 ** RATE_ORDER_DECIMALS;

/** Lists of new goods take goods first seen within this many days before the window end. */
export const NEW_GOODS_DAYS = 30;
