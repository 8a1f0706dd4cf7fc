// Validates one NDJSON import line into a normalized ImportRecord, or says why not with its
// line number. Strict on purpose: unknown fields are errors (a typo in a field name would
// otherwise import silently as a default). Cross-line checks (does the shop exist?) happen when
// the records are built into a dataset (dataset/build-dataset.ts).
import type { Category, UiLocale } from "../model/categories";
import { UI_LOCALES } from "../model/categories";
import type { Variant } from "../model/entities";
import { CONTENT_LANGUAGES } from "../model/markets";
import { SERIES_METRICS } from "../model/metrics";
import {
  boolean,
  cents,
  date,
  FieldError,
  id,
  instant,
  integer,
  list,
  market,
  nullable,
  object,
  oneOf,
  optional,
  rate,
  required,
  text,
  type Check,
} from "./fields";
import {
  DAILY_ENTITIES,
  IMPORT_TYPES,
  KIND_OF_DAILY_ENTITY,
  LINK_RELATIONS,
  type DailyRecord,
  type ImportRecord,
  type ImportType,
} from "./format";

export const MAX_LINE_LENGTH = 100_000;

export type LineResult = { ok: true; line: number; record: ImportRecord } | { ok: false; line: number; reason: string };

type Body<T> = Omit<T, "type">;

const variant = object<Variant>({ sku: required(text(64)), name: required(text(100)), price: required(cents) });

const categoryNames: Check<Record<UiLocale, string>> = (value, path) => {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new FieldError(`${path} must be an object of locale: name`);
  const names: Partial<Record<UiLocale, string>> = {};
  for (const [locale, name] of Object.entries(value)) {
    if (!(UI_LOCALES as readonly string[]).includes(locale))
      throw new FieldError(`${path}.${locale} is not a locale; use ${UI_LOCALES.join(", ")}`);
    names[locale as UiLocale] = text(100)(name, `${path}.${locale}`);
  }
  if (!names.en) throw new FieldError(`${path}.en is required (other locales fall back to it)`);
  return Object.fromEntries(UI_LOCALES.map((locale) => [locale, names[locale] ?? names.en!])) as Record<
    UiLocale,
    string
  >;
};

const hashtagName: Check<string> = (value, path) => {
  const name = text(150)(value, path).replace(/^#/, "");
  if (!name) throw new FieldError(`${path} must not be empty`);
  return name;
};

const SHAPES: { [T in Exclude<ImportType, "daily">]: Check<Body<Extract<ImportRecord, { type: T }>>> } = {
  market: object({
    code: required(market),
    name: required(text(100)),
    currency: required(text(3)),
    language: required(oneOf(CONTENT_LANGUAGES)),
  }),
  category: object<Body<{ type: "category" } & Category>>({
    id: required(integer(1, 2_147_483_647)),
    parentId: optional(nullable(integer(1, 2_147_483_647)), () => null),
    names: required(categoryNames),
  }),
  shop: object({
    id: required(id),
    market: required(market),
    name: required(text(200)),
    categoryId: required(integer(1)),
  }),
  goods: object({
    id: required(id),
    market: required(market),
    shopId: required(id),
    categoryId: required(integer(1)),
    title: required(text(500)),
    price: required(cents),
    commissionRate: optional(rate, () => 0),
    variants: optional(list(variant, 200), () => []),
  }),
  influencer: object({
    id: required(id),
    market: required(market),
    handle: required(text(64)),
    nickname: required(text(100)),
    bio: optional(text(500, { allowEmpty: true }), () => ""),
    categoryId: required(integer(1)),
    initialFollowers: optional(integer(0), () => 0),
    price: optional(cents, () => 0),
  }),
  video: object({
    id: required(id),
    market: required(market),
    influencerId: required(id),
    goodsId: optional(nullable(id), () => null),
    musicId: optional(nullable(id), () => null),
    hashtagIds: optional(list(id, 50), () => []),
    title: required(text(1000, { allowEmpty: true })),
    postedAt: required(instant),
    durationSeconds: required(integer(0, 86_400)),
  }),
  music: object({
    id: required(id),
    market: required(market),
    title: required(text(300)),
    author: optional(text(200, { allowEmpty: true }), () => ""),
    durationSeconds: optional(integer(0, 86_400), () => 0),
    original: optional(boolean, () => false),
  }),
  hashtag: object({
    id: required(id),
    market: required(market),
    name: required(hashtagName),
  }),
  link: object({ relation: required(oneOf(LINK_RELATIONS)), influencerId: required(id), goodsId: required(id) }),
};

const dailyHead = object<Body<DailyRecord>>({
  entity: required(oneOf(DAILY_ENTITIES)),
  id: required(id),
  date: required(date),
  metrics: required((value, path) => {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new FieldError(`${path} must be an object of metric: value`);
    return value as Record<string, number>;
  }),
});

function validateDaily(raw: unknown): DailyRecord {
  const head = dailyHead(raw, "");
  const allowed: readonly string[] = SERIES_METRICS[KIND_OF_DAILY_ENTITY[head.entity]];
  const entries = Object.entries(head.metrics);
  if (entries.length === 0) throw new FieldError(`metrics must name at least one of ${allowed.join(", ")}`);
  const metrics: Record<string, number> = {};
  for (const [metric, value] of entries) {
    if (!allowed.includes(metric))
      throw new FieldError(`metrics.${metric} is not a ${head.entity} metric; use ${allowed.join(", ")}`);
    metrics[metric] = (metric === "revenue" ? cents : integer(0))(value, `metrics.${metric}`);
  }
  return { type: "daily", ...head, metrics };
}

export function validateImportLine(textLine: string, line: number): LineResult {
  const fail = (reason: string): LineResult => ({ ok: false, line, reason });
  if (textLine.length > MAX_LINE_LENGTH) return fail(`line is longer than ${MAX_LINE_LENGTH} characters`);
  if (!textLine.trim()) return fail("line is empty");
  let raw: unknown;
  try {
    raw = JSON.parse(textLine);
  } catch (error) {
    return fail(`not valid JSON (${(error as Error).message})`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return fail("line must be a JSON object");
  const { type, ...body } = raw as Record<string, unknown>;
  if (type === undefined) return fail(`type is required: one of ${IMPORT_TYPES.join(", ")}`);
  if (typeof type !== "string" || !(IMPORT_TYPES as readonly string[]).includes(type)) {
    return fail(
      `type '${typeof type === "string" ? type : JSON.stringify(type)}' is not one of ${IMPORT_TYPES.join(", ")}`,
    );
  }
  try {
    if (type === "daily") return { ok: true, line, record: validateDaily(body) };
    const shape = SHAPES[type as Exclude<ImportType, "daily">] as Check<object>;
    return { ok: true, line, record: { type, ...shape(body, "") } as ImportRecord };
  } catch (error) {
    if (error instanceof FieldError) return fail(`${type}: ${error.message}`);
    throw error;
  }
}
