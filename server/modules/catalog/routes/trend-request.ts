// One trend request as the trend route and its CSV export both answer it: the item (404 when
// unknown), the range (days or a custom start..end; a bad one is a 400), the plan's range rule
// and the detail view it spends (detailGate), then the daily values.
import type { Static } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import type { IdParams, TrendQuery } from "../detail-schemas";
import { trendRange } from "../engine";
import { rowOf } from "../services/details/lookup";
import { trend, type TrendKind } from "../services/details/trend";
import { detailGate, type DetailKind } from "../services/gate";
import type { DataContext } from "./context";

/** The kinds with a trend, each with the detail kind whose view it counts as. */
export const TREND_ROUTE_KINDS: ReadonlyArray<readonly [TrendKind, DetailKind]> = [
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

/** The item's trend for the request's range, after the access checks; throws 404/400/801/803. */
export async function gatedTrend(
  ctx: DataContext,
  request: FastifyRequest & TrendAsked,
  kind: TrendKind,
  detailKind: DetailKind,
) {
  const snapshot = ctx.data.snapshot;
  const { id } = request.params;
  const row = rowOf(snapshot, kind, id);
  const custom =
    request.query.days === undefined && (request.query.start !== undefined || request.query.end !== undefined);
  const range = trendRange(request.query, snapshot.today);
  await detailGate(
    ctx,
    request,
    detailKind,
    id,
    custom ? { action: "trend", custom: true } : { action: "trend", days: range.days },
  );
  return { market: snapshot.dataset[kind][row].market, values: trend(snapshot, kind, id, range), range };
}
