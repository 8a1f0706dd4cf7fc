// The data engine's public surface, for phase 2 (schema, importer, routes, jobs): everything
// here is pure and database-free. See docs/data-engine.md for how the pieces fit.
export * from "./time";
export * from "./plans";
export * from "./model/markets";
export * from "./model/categories";
export * from "./model/entities";
export * from "./model/images";
export * from "./model/metrics";
export * from "./model/rates";
export { SeriesBuilder, SeriesTable } from "./series/series-table";
export * from "./dataset/dataset";
export { deriveStats, ESTIMATE_DAYS, GROWTH_DAYS } from "./dataset/derive-stats";
export { buildDataset, type BuildProblem, type BuildResult } from "./dataset/build-dataset";
export {
  datasetRecords,
  dailyRecords,
  entityRecords,
  inBatches,
  iterateLinks,
  type Link,
  type Relation,
} from "./dataset/records";
export { datasetHash } from "./dataset/hash";
export { generateDataset, DEFAULT_DAYS, type GenerateOptions } from "./generate/generate-dataset";
export { SCALE_1_COUNTS } from "./generate/counts";
export * from "./rank/types";
export { checkRankType, MAX_RANK_LIMIT } from "./rank/query";
export { BREAKOUT_MIN_BASE, NEW_GOODS_DAYS, RATE_ORDER_DECIMALS } from "./rank/rules";
export { foldText, foldToAscii } from "./search/normalize";
export * from "./import/format";
export { validateImportLine, MAX_LINE_LENGTH, type LineResult } from "./import/validate-line";
export { readImportFile, readImportLines } from "./import/read-lines";
