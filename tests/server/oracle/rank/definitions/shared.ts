// The tests' oracle (not production code): small pieces every in-memory rank definition uses —
// window arithmetic, the rate order key, and the rules shared with the SQL (engine/rank/rules.ts).
import { RATE_ORDER_DECIMALS } from "../../../../../server/modules/catalog/engine/rank/rules";
import type { DayWindow } from "../types";

export {
  BREAKOUT_MIN_BASE,
  NEW_GOODS_DAYS,
  RATE_ORDER_DECIMALS,
} from "../../../../../server/modules/catalog/engine/rank/rules";

/** The window of equal length right before `window`. */
export function previousWindow(window: DayWindow): DayWindow {
  return { from: window.from - window.days, to: window.from - 1, days: window.days };
}

/** A rate as the lists rank it (RATE_ORDER_DECIMALS places). */
export const rateOrderKey = (rate: number): number =>
  Math.round(rate * 10 ** RATE_ORDER_DECIMALS) / 10 ** RATE_ORDER_DECIMALS;
