// Types shared by the rank lists: the rank types of each entity and their defaults (shared with
// the app: contract/rank.ts), the metrics a list row carries, and the error a bad rank query
// throws. The in-memory evaluation that once used them lives in the tests as their oracle
// (tests/server/oracle/rank/).
import { InputError } from "../../../../lib/domain-error";

export { DEFAULT_RANK_TYPE, RANK_TYPES, type RankTypeOf } from "../../../../../contract/rank";
export type { RankType as AnyRankType } from "../../../../../contract/rank";

export type RankMetricValue = number | string | null;
export type RankMetrics = Record<string, RankMetricValue>;

export class RankQueryError extends InputError {
  override name = "RankQueryError";
}
