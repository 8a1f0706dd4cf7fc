// The tests' oracle of the rank lists (not production code): the in-memory engine that served
// the lists before they moved to the database, kept so tests can compare the SQL lists (rank
// tables, pages, monitoring places) with an independent computation over the same dataset.
export type { DayWindow, Evaluation, RankDefinition, RankQuery, RankResult, RankRow } from "./types";
export { createRankIndex, type RankIndex } from "./rank-index";
export { DEFAULT_RANK_LIMIT, rankDefinition, rankList, rankListsByCategory } from "./rank-list";
export { RANK_DEFINITIONS } from "./definitions";
