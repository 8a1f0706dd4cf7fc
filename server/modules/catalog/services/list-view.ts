// Sort and number-range filters of a rank list (issue 15): `sort` by any number a row of the
// entity carries (its card and list figures; default the rank order), `order` desc|asc, and
// min/max ranges on the entity's price, sales and growth figures. Parsed once per request into a
// ListView (400 with the valid values for anything else); applied to a presented list's rows
// before the plan's row limit, so the rows a plan shows are the top of the filtered, sorted list.
import type { TSchema } from "@fastify/type-provider-typebox";
import { InputError } from "../../../lib/domain-error";
import type { EntityKind } from "../engine";
import { RankRows } from "../schemas";

export const RANGE_NAMES = ["price", "sales", "growth"] as const;
export type RangeName = (typeof RANGE_NAMES)[number];

/** The row field each range filters, per entity (rates are fractions, money in major units). */
export const RANGE_FIELDS: Record<EntityKind, Partial<Record<RangeName, string>>> = {
  goods: { price: "price", sales: "sales_volume", growth: "sales_growth" },
  influencers: { sales: "sales_volume", growth: "follower_growth_rate" },
  videos: { price: "estimated_price", sales: "sold_count", growth: "sales_growth_rate" },
  music: { growth: "growth" },
  hashtags: { growth: "growth" },
};

/** Number fields that are codes, not figures: never a sort key. */
const NOT_FIGURES = new Set(["category_id", "duration_seconds"]);

const isNumberSchema = (schema: TSchema): boolean => {
  const type = (schema as { type?: unknown }).type;
  const types = Array.isArray(type) ? type : [type];
  return types.includes("number") || types.includes("integer");
};

/** The number fields of a row schema ("rank" first: the default order). */
const figureKeys = (row: { properties: Record<string, TSchema> }): readonly string[] =>
  Object.entries(row.properties)
    .filter(([key, field]) => isNumberSchema(field) && !NOT_FIGURES.has(key))
    .map(([key]) => key)
    .sort((a, b) => (a === "rank" ? -1 : b === "rank" ? 1 : 0));

/** The figure keys a list of each entity can be sorted by. */
export const SORT_KEYS: Record<EntityKind, readonly string[]> = {
  goods: figureKeys(RankRows.goods),
  influencers: figureKeys(RankRows.influencers),
  videos: figureKeys(RankRows.videos),
  music: figureKeys(RankRows.music),
  hashtags: figureKeys(RankRows.hashtags),
};

export interface Range {
  field: string;
  min: number | null;
  max: number | null;
}

export interface ListView {
  sort: string;
  order: "desc" | "asc";
  ranges: Range[];
}

/** The query fields of a view, as GET /api/v1/rank/{entity} and the export route take them. */
export interface ListViewQuery {
  sort?: string;
  order?: "desc" | "asc";
  min_price?: number;
  max_price?: number;
  min_sales?: number;
  max_sales?: number;
  min_growth?: number;
  max_growth?: number;
}

/** The rank order, unfiltered: what a list without view parameters shows. */
export const isDefaultView = (view: ListView): boolean =>
  view.sort === "rank" && view.order === "desc" && view.ranges.length === 0;

/** Checks and reads the view parameters of `entity`'s list; InputError (400) naming the valid values. */
export function parseListView(entity: EntityKind, query: ListViewQuery): ListView {
  const sort = query.sort?.trim() || "rank";
  if (!SORT_KEYS[entity].includes(sort))
    throw new InputError(
      `sort '${sort.slice(0, 40)}' is not a figure of ${entity}; use one of ${SORT_KEYS[entity].join(", ")}`,
    );
  const ranges: Range[] = [];
  for (const name of RANGE_NAMES) {
    const min = query[`min_${name}`] ?? null;
    const max = query[`max_${name}`] ?? null;
    if (min === null && max === null) continue;
    const field = RANGE_FIELDS[entity][name];
    if (!field) {
      const valid = Object.keys(RANGE_FIELDS[entity]).flatMap((n) => [`min_${n}`, `max_${n}`]);
      throw new InputError(`${entity} lists have no ${name} filter; use ${valid.join(", ")}`);
    }
    if (min !== null && max !== null && min > max) throw new InputError(`min_${name} must not be above max_${name}`);
    ranges.push({ field, min, max });
  }
  return { sort, order: query.order ?? "desc", ranges };
}

/** A stable text of the view for cache keys ("" for the default view). */
export function viewKey(view: ListView): string {
  if (isDefaultView(view)) return "";
  return [view.sort, view.order, ...view.ranges.map((r) => `${r.field}:${r.min ?? ""}:${r.max ?? ""}`)].join(",");
}

type Row = Readonly<Record<string, unknown>>;

const numberOf = (row: Row, field: string): number | null => {
  const value = row[field];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
};

/**
 * The rows in the view: those inside every range (a row without the figure is outside), sorted
 * by the figure (rows without it last, ties in rank order). The rank order ascending is the
 * default order; "desc" on rank is the rank order too (rank 1 first is the top).
 */
export function applyListView<T extends Row>(rows: readonly T[], view: ListView): T[] {
  const inRange = rows.filter((row) =>
    view.ranges.every(({ field, min, max }) => {
      const value = numberOf(row, field);
      return value !== null && (min === null || value >= min) && (max === null || value <= max);
    }),
  );
  if (view.sort === "rank") return view.order === "asc" ? inRange.reverse() : inRange;
  const direction = view.order === "asc" ? 1 : -1;
  // Array.prototype.sort is stable, so equal figures keep the rank order.
  return inRange.sort((a, b) => {
    const x = numberOf(a, view.sort);
    const y = numberOf(b, view.sort);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x - y) * direction;
  });
}
