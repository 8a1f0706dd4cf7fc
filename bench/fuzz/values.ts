// Values for a schema: valid ones (within types, enums, bounds, lengths and patterns, preferring
// values the server itself answered under the same field name, so ids reach real records) and
// mutated ones (a wrong type, an edge or out-of-range number, a hostile string, a huge string).
import { hugeString, NASTY_NUMBERS, NASTY_STRINGS, nastyValue } from "./nasty";
import type { Schema } from "./openapi";
import type { Random } from "./random";

/** Values seen in the server's own answers, by field name (ids, codes, tickets...). */
export type KnownValues = ReadonlyMap<string, readonly unknown[]>;

const STRING_CANDIDATES = [
  "1",
  "14",
  "abc",
  "A1_b-2",
  "123456",
  "test@example.com",
  "+84901234567",
  "2026-01-15",
  "2026-01",
  "2026-01-15T00:00:00.000Z",
  "https://example.com/return",
  "US",
  "VN",
  "en",
  "goods",
  "google",
  "DwF0sZ3nQbA1xQ2yN8Lk7mPz4rVt9sHc6eJg5aBd0uW",
];

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

function stringFor(schema: Schema, random: Random): string {
  const pattern = schema.pattern ? safeRegExp(schema.pattern) : null;
  const fits = (value: string) =>
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Infinity) &&
    (pattern === null || pattern.test(value));
  const candidates = STRING_CANDIDATES.filter(fits);
  if (candidates.length > 0) return random.pick(candidates);
  const filler = "a".repeat(schema.minLength ?? 1);
  return fits(filler) ? filler : "";
}

function safeRegExp(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return null;
  }
}

function numberFor(schema: Schema, integer: boolean, random: Random): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : low + 100);
  const value = low + random.next() * Math.max(0, Math.min(high, low + 1000) - low);
  return integer ? Math.round(value) : value;
}

/** A value the schema accepts (as far as this generator can tell), `name` being its field name. */
export function validValue(schema: Schema, random: Random, known: KnownValues, name = "", depth = 0): unknown {
  const seen = known.get(name);
  if (seen && seen.length > 0 && random.chance(0.7)) return random.pick(seen);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return random.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return validValue(random.pick(variants), random, known, name, depth);
  switch (typeOf(schema)) {
    case "string":
      return stringFor(schema, random);
    case "integer":
      return numberFor(schema, true, random);
    case "number":
      return numberFor(schema, false, random);
    case "boolean":
      return random.chance(0.5);
    case "null":
      return null;
    case "array": {
      if (depth > 4) return [];
      const count = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, random.int(0, 3)));
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, random, known, name, depth + 1));
    }
    case "object":
      return depth > 4 ? {} : validObject(schema, random, known, depth + 1);
    default:
      return random.pick(STRING_CANDIDATES);
  }
}

/** Every required property, and each optional one half the time. */
export function validObject(schema: Schema, random: Random, known: KnownValues, depth = 0): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (required.has(key) || random.chance(0.5)) result[key] = validValue(property, random, known, key, depth);
  }
  return result;
}

/** A value the schema should refuse or that sits at its very edge. */
export function mutatedValue(schema: Schema, random: Random): unknown {
  const type = typeOf(schema);
  const roll = random.int(0, 9);
  if (roll <= 1) return nastyValue(random);
  if (roll === 2 && (type === "string" || schema.maxLength !== undefined)) {
    return random.chance(0.5) ? "x".repeat((schema.maxLength ?? 64) + 1) : hugeString(random);
  }
  if (type === "integer" || type === "number") {
    const edges = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]
      .filter((edge): edge is number => edge !== undefined)
      .flatMap((edge) => [edge - 1, edge, edge + 1, edge + 0.5, -edge]);
    return random.chance(0.5) && edges.length > 0 ? random.pick(edges) : random.pick(NASTY_NUMBERS);
  }
  if (type === "array") return random.pick([{}, "a,b", [null], [[[]]], Array(random.int(100, 5000)).fill(1)]);
  if (type === "object") return random.pick([[], "{}", 0, null, [{}]]);
  return random.pick(NASTY_STRINGS);
}
