// One trend request as the trend route and its CSV export both answer it: the item (404 when
// unknown, checked first), the range (days or a custom start..end; a bad one is a 400), the
// plan's range rule and the detail view it spends (detailGate), then the daily values read from
// the database (store/trend-sql.ts).
import type { Static } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import type { IdParams, TrendQuery } from "../detail-schemas";
import { trendRange, type DateRange, type EntityKind } from "../engine";
import { notFound, storedMarket } from "../services/details/lookup";
import { detailGate, type DetailKind } from "../services/gate";
import type { DataSnapshot } from "../services/snapshot";
import { readTrend } from "../store/trend-sql";
import type { DataContext } from "./context";

/** The kinds with a trend, each with the detail kind whose view it counts as. */
export const TREND_ROUTE_KINDS: ReadonlyArray<readonly [EntityKind, DetailKind]> = [
  ["goods", "goods"],
  ["influencers", "influencer"],
  ["videos", "video"],
  ["music", "music"],
  ["hashtags", "hashtag"],
];

/** What a trend request names: the item and the range asked for. */
export interface TrendAsked {
  params: Static<typeof IdParams>;
  query: Static<typeof TrendQuery>;
}

export interface TrendAccess {
  snapshot: DataSnapshot;
  /** The range asked for; null when it is bad (then `gate` throws its 400). */
  range: DateRange | null;
  /** The range's 400, then the plan's range rule and the detail view (401/801/803). */
  gate: () => Promise<void>;
}

/** The range of a trend request and its access checks, to run after the item's 404. */
export function trendAccess(
  ctx: DataContext,
  request: FastifyRequest & TrendAsked,
  detailKind: DetailKind,
): TrendAccess {
  const snapshot = ctx.data.snapshot;
  const { query } = request;
  const custom = query.days === undefined && (query.start !== undefined || query.end !== undefined);
  let range: DateRange | null = null;
  let bad: unknown = null;
  try {
    range = trendRange(query, snapshot.today);
  } catch (error) {
    bad = error;
  }
  const gate = async () => {
    if (!range) throw bad;
    await detailGate(
      ctx,
      request,
      detailKind,
      request.params.id,
      custom ? { action: "trend", custom: true } : { action: "trend", days: range.days },
    );
  };
  return { snapshot, range, gate };
}

/** The item's trend for the request's range, after the access checks; throws 404/400/801/803. */
export async function gatedTrend(
  ctx: DataContext,
  request: FastifyRequest & TrendAsked,
  kind: EntityKind,
  detailKind: DetailKind,
) {
  const { id } = request.params;
  const market = await storedMarket(ctx.db, kind, id);
  const { snapshot, range, gate } = trendAccess(ctx, request, detailKind);
  await gate();
  const values = await readTrend(ctx.db, snapshot.calendar, kind, id, range!);
  if (!values) throw notFound(kind, id);
  return { market, values, range: range! };
}
