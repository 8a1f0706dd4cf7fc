// Recomputes every rank list of a dataset (every entity, rank type, window, market and
// category) once, the way a refresh would, and reports how many and how long. The CLIs use it
// to show that the new data ranks; servers compute lists lazily per snapshot version.
import {
  createRankIndex,
  ENTITY_KINDS,
  MARKET_CODES,
  RANK_TYPES,
  RANK_WINDOWS,
  rankListsByCategory,
  type Dataset,
} from "../engine";

export interface Recomputed {
  lists: number;
  ms: number;
}

export function recomputeAllLists(dataset: Dataset): Recomputed {
  const started = performance.now();
  const index = createRankIndex(dataset);
  let lists = 0;
  for (const entity of ENTITY_KINDS) {
    for (const rankType of RANK_TYPES[entity]) {
      for (const window of RANK_WINDOWS) {
        for (const market of MARKET_CODES)
          lists += rankListsByCategory(index, { entity, rankType, window, market }).size;
      }
    }
  }
  return { lists, ms: performance.now() - started };
}
