// The sort and number-range filters of a /rank list (issue 15) and how they travel: in the app's
// URL as sort, order, minPrice ... maxGrowth (growth in percent, as typed) so a shared link
// opens the same view, and to the API as sort (a snake_case figure key), order and min_price ...
// (growth as a fraction). Which ranges apply to each entity mirrors the server's RANGE_FIELDS.
import type { EntityKind } from "../../../api/entities";
import { toSnakeCase } from "../../../lib/case";

export const RANGES = ["price", "sales", "growth"] as const;
export type RangeName = (typeof RANGES)[number];

/** The ranges each entity's list can be filtered by (server: services/list-view.ts). */
export const ENTITY_RANGES: Record<EntityKind, readonly RangeName[]> = {
  goods: ["price", "sales", "growth"],
  influencers: ["sales", "growth"],
  videos: ["price", "sales", "growth"],
  music: ["growth"],
  hashtags: ["growth"],
};

export type Bound = number | null;
export type RangeBounds = Record<RangeName, { min: Bound; max: Bound }>;

export interface RankView {
  /** A figure key (camelCase, as the rows carry it); null for the rank order. */
  sort: string | null;
  order: "desc" | "asc";
  ranges: RangeBounds;
}

const capital = (name: string) => name[0].toUpperCase() + name.slice(1);
const urlKey = (edge: "min" | "max", name: RangeName) => `${edge}${capital(name)}`;

const numberOf = (value: string | null): Bound => {
  if (value === null || value.trim() === "") return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

export const emptyRanges = (): RangeBounds => ({
  price: { min: null, max: null },
  sales: { min: null, max: null },
  growth: { min: null, max: null },
});

/** The view a /rank query asks for; ranges that do not apply to `entity` are dropped. */
export function readRankView(search: string, entity: EntityKind): RankView {
  const query = new URLSearchParams(search);
  const sort = query.get("sort");
  const ranges = emptyRanges();
  for (const name of ENTITY_RANGES[entity]) {
    ranges[name] = { min: numberOf(query.get(urlKey("min", name))), max: numberOf(query.get(urlKey("max", name))) };
  }
  return {
    sort: sort && /^[a-zA-Z]{1,40}$/.test(sort) && sort !== "rank" ? sort : null,
    order: query.get("order") === "asc" ? "asc" : "desc",
    ranges,
  };
}

/** The /rank URL keys of a view (nothing for the default view). */
export function rankViewQuery(view: RankView): Record<string, string> {
  const query: Record<string, string> = {};
  if (view.sort) query.sort = view.sort;
  if (view.order === "asc") query.order = "asc";
  for (const name of RANGES) {
    const { min, max } = view.ranges[name];
    if (min !== null) query[urlKey("min", name)] = String(min);
    if (max !== null) query[urlKey("max", name)] = String(max);
  }
  return query;
}

/** The API's query keys of a view (camelCase: the client snake-cases keys; values are ready). */
export function rankViewApiQuery(view: RankView): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (view.sort) query.sort = toSnakeCase(view.sort);
  if (view.order === "asc") query.order = "asc";
  for (const name of RANGES) {
    const { min, max } = view.ranges[name];
    const divisor = name === "growth" ? 100 : 1;
    if (min !== null) query[urlKey("min", name)] = min / divisor;
    if (max !== null) query[urlKey("max", name)] = max / divisor;
  }
  return query;
}

export const isDefaultView = (view: RankView): boolean => Object.keys(rankViewQuery(view)).length === 0;
