// Detail trends: daily values of goods, influencers, videos, music and hashtags over a range from the engine's
// trendRange (7/15/30 days ending the data's yesterday, or a custom start..end), with totals.
// Influencer points also carry the follower count at the end of each day.
import { SERIES_METRICS, type DateRange, type EntityKind, type SeriesTable } from "../../engine";
import { apiFigures } from "../present";
import type { DataSnapshot } from "../snapshot";
import { rowOf } from "./lookup";

export type TrendKind = EntityKind;

export function trend(snapshot: DataSnapshot, kind: TrendKind, id: string, range: DateRange) {
  const row = rowOf(snapshot, kind, id);
  const table = snapshot.dataset.series[kind] as SeriesTable;
  const metrics: readonly string[] = SERIES_METRICS[kind];
  const from = table.dayIndex(range.start);
  const points = [];
  const totals: Record<string, number> = Object.fromEntries(metrics.map((m) => [m, 0]));
  const influencer = kind === "influencers" ? snapshot.dataset.influencers[row] : null;
  for (let k = 0; k < range.days; k++) {
    const day = from + k;
    const values: Record<string, number> = {};
    for (const metric of metrics) {
      values[metric] = table.sum(metric, row, day, day);
      totals[metric] += values[metric];
    }
    if (influencer) values.followers = influencer.initialFollowers + table.sum("followersGained", row, 0, day);
    points.push({ date: table.dateOf(day), ...apiFigures(values) });
  }
  return { range, points, totals: apiFigures(totals) };
}
