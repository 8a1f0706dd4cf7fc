// The CSV tables of the catalog exports (issue 15): a rank list's rows, a user's favourites and a
// detail's trend, as header + rows for server/lib/csv.ts. Headers are the stable English field
// names of the API (snake_case, as docs/api.md lists them), not translated; money stays a
// number in major units with the market's currency in its own column; dates are ISO.
import type { TObject } from "@fastify/type-provider-typebox";
import type { CsvCell, CsvTable } from "../../../lib/csv";
import type { FavouriteKind } from "../../../../contract/favourites";
import { marketOf, type EntityKind, type MarketCode } from "../engine";
import { GoodsCard, HashtagCard, InfluencerCard, MusicCard, RankRows, VideoCard } from "../schemas";
import type { ApiRow } from "./rank-lists";

/** Image paths are of no use in a spreadsheet. */
const IMAGE_FIELD = /^(cover_|origin_cover|avatar_|author_avatar_)/;
/** Entities whose rows carry money figures; their tables get a currency column after market. */
const HAS_MONEY: ReadonlySet<EntityKind> = new Set(["goods", "influencers", "videos"]);

const fieldsOf = (schema: TObject): string[] => Object.keys(schema.properties).filter((key) => !IMAGE_FIELD.test(key));

const currencyOf = (market: unknown): string | null =>
  typeof market === "string" ? (marketOf(market as MarketCode)?.currency ?? null) : null;

/** `fields` with "currency" right after "market" when it is not there already. */
function withCurrency(fields: string[]): string[] {
  if (fields.includes("currency")) return fields;
  const at = fields.indexOf("market");
  return at < 0 ? fields : [...fields.slice(0, at + 1), "currency", ...fields.slice(at + 1)];
}

function cell(row: Readonly<Record<string, unknown>>, field: string): CsvCell {
  const value = field === "currency" && row.currency === undefined ? currencyOf(row.market) : row[field];
  return csvValue(value);
}

/** A cell: strings, numbers and booleans as they are (csv.ts writes them), anything else as JSON. */
const csvValue = (value: unknown): CsvCell => {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return JSON.stringify(value);
};

/**
 * A rank list as shown: rank first, then the row's fields in the API's order. Figures depend on
 * the rank type, so only those the rows carry are columns.
 */
export function rankTable(entity: EntityKind, rows: readonly ApiRow[]): CsvTable {
  const first = rows[0] as Record<string, unknown> | undefined;
  let fields = fieldsOf(RankRows[entity]).filter((key) => first === undefined || key in first);
  fields = ["rank", "rank_change", ...fields.filter((key) => key !== "rank" && key !== "rank_change")];
  if (HAS_MONEY.has(entity)) fields = withCurrency(fields);
  return { header: fields, rows: rows.map((row) => fields.map((field) => cell(row, field))) };
}

export const FAVOURITE_CARDS = {
  goods: { kind: "goods", card: GoodsCard },
  influencers: { kind: "influencer", card: InfluencerCard },
  videos: { kind: "video", card: VideoCard },
  music: { kind: "music", card: MusicCard },
  hashtags: { kind: "hashtag", card: HashtagCard },
} as const satisfies Record<EntityKind, { kind: FavouriteKind; card: TObject }>;
export type FavouriteExportType = keyof typeof FAVOURITE_CARDS;

export interface FavouriteEntry {
  id: string;
  created_at: string;
  available: boolean;
  card?: Readonly<Record<string, unknown>>;
}

/** Favourites of one type, newest first: when favourited, whether still listed, then the card. */
export function favouritesTable(type: FavouriteExportType, entries: readonly FavouriteEntry[]): CsvTable {
  const fields = withCurrency(fieldsOf(FAVOURITE_CARDS[type].card).filter((key) => key !== "id"));
  return {
    header: ["id", "favourited_at", "available", ...fields],
    rows: entries.map((entry) => [
      entry.id,
      entry.created_at,
      csvValue(entry.available),
      ...fields.map((field) => (entry.card ? cell(entry.card, field) : null)),
    ]),
  };
}

export interface TrendData {
  points: ReadonlyArray<Readonly<Record<string, unknown>> & { date: string }>;
}

/** A trend: one row per day (ISO date), the currency, then the kind's daily figures. */
export function trendTable(trend: TrendData, market: MarketCode): CsvTable {
  const figures = Object.keys(trend.points[0] ?? {}).filter((key) => key !== "date");
  const currency = currencyOf(market);
  return {
    header: ["date", "currency", ...figures],
    rows: trend.points.map((point) => [point.date, currency, ...figures.map((field) => cell(point, field))]),
  };
}
