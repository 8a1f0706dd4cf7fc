// Key-case conversion between the app (camelCase) and the API (snake_case).
// Deep over plain objects and arrays; anything else (FormData, Blob, Date, ...) passes through
// untouched, so uploads and binary bodies are never mangled.

type Convert = (key: string) => string;

export const toSnakeCase: Convert = (key) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();

export const toCamelCase: Convert = (key) =>
  key.replace(/(?<=[a-zA-Z0-9])_+([a-zA-Z0-9])/g, (_, next: string) => next.toUpperCase());

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: Convert): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) result[convert(key)] = convertKeys(item, convert);
  return result;
}

export const snakeKeys = <T = unknown>(value: unknown): T => convertKeys(value, toSnakeCase) as T;
export const camelKeys = <T = unknown>(value: unknown): T => convertKeys(value, toCamelCase) as T;
