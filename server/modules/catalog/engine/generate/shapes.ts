// The shapes that make demo series look like shopping data: a weekly rhythm (weekends
// busier), mega-sale days (9.9, 10.10, 11.11: day equals month) and paydays, long-term trends,
// breakouts that ramp up late in the window, one-off spikes, and the decay of a video's daily
// views after posting. Factors are per day index of the dataset calendar.
import type { Calendar } from "../dataset/dataset";
import { addDays, weekdayOf } from "../time";
import type { Rng } from "./prng";

/** Sunday .. Saturday. */
const WEEKDAY_FACTOR = [1.12, 0.93, 0.95, 0.97, 1.0, 1.06, 1.17];
const MEGA_SALE_FACTOR = 2.4;
const PAYDAY_FACTOR = 1.2;

export interface DayFactors {
  /** Attention: views, follows, uses. */
  activity: Float64Array;
  /** Buying: activity plus sale days. */
  shopping: Float64Array;
}

export function dayFactors(calendar: Calendar): DayFactors {
  const activity = new Float64Array(calendar.days);
  const shopping = new Float64Array(calendar.days);
  for (let day = 0; day < calendar.days; day++) {
    const date = addDays(calendar.startDate, day);
    const [, month, dayOfMonth] = date.split("-").map(Number) as [number, number, number];
    activity[day] = WEEKDAY_FACTOR[weekdayOf(date)]!;
    const sale = month === dayOfMonth ? MEGA_SALE_FACTOR : dayOfMonth === 25 ? PAYDAY_FACTOR : 1;
    shopping[day] = activity[day] * sale;
  }
  return { activity, shopping };
}

/** A per-entity multiplier per day: trend, an optional late breakout and rare spikes. */
export function momentum(
  rng: Rng,
  days: number,
  options: { breakoutChance: number; trendSigma: number },
): Float64Array {
  const factors = new Float64Array(days);
  const slope = options.trendSigma * rng.normal();
  const breakout = rng.chance(options.breakoutChance);
  const breakoutStart = breakout ? days - rng.int(3, Math.min(20, days - 1)) : days;
  const breakoutPeak = breakout ? rng.logNormal(6, 0.5) : 1;
  for (let day = 0; day < days; day++) {
    let factor = Math.exp(slope * (day / Math.max(1, days - 1) - 0.5));
    if (day >= breakoutStart) factor *= 1 + (breakoutPeak - 1) * ((day - breakoutStart + 1) / (days - breakoutStart));
    factors[day] = factor;
  }
  if (rng.chance(0.25)) {
    const spikes = rng.int(1, 2);
    for (let i = 0; i < spikes; i++) factors[rng.int(0, days - 1)] *= rng.logNormal(3, 0.4);
  }
  return factors;
}

/** Share of a video's views on day k after posting: a fast decay with a long tail. */
export function viewDecay(days: number): Float64Array {
  const weights = new Float64Array(days);
  let total = 0;
  for (let k = 0; k < days; k++) total += weights[k] = Math.pow(0.55, k) + 0.015 / (k + 1);
  for (let k = 0; k < days; k++) weights[k] /= total;
  return weights;
}

/** A day in [from, to], more often near `to` (new things keep appearing, a bit faster lately). */
export function recentDay(rng: Rng, from: number, to: number): number {
  return from + Math.floor(Math.sqrt(rng.next()) * (to - from + 1));
}
