// What a rank query may ask for: the deepest row a list holds and the entity and rank type
// checks, which throw RankQueryError (an input error: 400 with its message).
import { ENTITY_KINDS, type EntityKind } from "../model/entities";
import { RANK_TYPES, RankQueryError, type AnyRankType } from "./types";

/** Rows a list holds at most: the deepest page any plan may see. */
export const MAX_RANK_LIMIT = 10_000;

/** Throws RankQueryError unless `entity` is an entity kind and `rankType` one of its rank types. */
export function checkRankType(entity: EntityKind, rankType: string): AnyRankType {
  if (!(ENTITY_KINDS as readonly string[]).includes(entity))
    throw new RankQueryError(`Unknown entity '${entity}'; use one of ${ENTITY_KINDS.join(", ")}`);
  const types: readonly string[] = RANK_TYPES[entity];
  if (!types.includes(rankType))
    throw new RankQueryError(`Unknown rank type '${rankType}' for ${entity}; use one of ${types.join(", ")}`);
  return rankType as AnyRankType;
}
