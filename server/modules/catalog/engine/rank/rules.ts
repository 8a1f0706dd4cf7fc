// The rules every rank list follows that the SQL (store/rank-sql.ts) and the tests' in-memory
// oracle (tests/server/oracle/rank/) share: the breakout minimum bases, how recent "new" goods
// are, and the precision a weighted rate is ranked by.

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
 * order the terms are added in (the oracle's video order, the database's plan); ranked by the
 * rate rounded to this many places, equal rates always fall through to the next key (revenue).
 */
export const RATE_ORDER_DECIMALS = 12;

/** Lists of new goods take goods first seen within this many days before the window end. */
export const NEW_GOODS_DAYS = 30;
