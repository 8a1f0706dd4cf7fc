// Field checks for import lines: each takes a raw JSON value and its path, returns the
// normalized value or throws FieldError with a reason a data engineer can act on.
import { isMarketCode, MARKET_CODES } from "../model/markets";
import { isBusinessDate } from "../time";

export class FieldError extends Error {
  override name = "FieldError";
}

export type Check<T> = (value: unknown, path: string) => T;

export function text(maxLength: number, options: { allowEmpty?: boolean } = {}): Check<string> {
  return (value, path) => {
    if (typeof value !== "string") throw new FieldError(`${path} must be a string`);
    const trimmed = value.trim();
    if (!trimmed && !options.allowEmpty) throw new FieldError(`${path} must not be empty`);
    // PostgreSQL's text cannot hold it: the whole batch would fail instead of this line.
    if (trimmed.includes("\u0000")) throw new FieldError(`${path} must not contain the NUL character (\\u0000)`);
    if ([...trimmed].length > maxLength) throw new FieldError(`${path} must be at most ${maxLength} characters`);
    return trimmed;
  };
}

const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

export const id: Check<string> = (value, path) => {
  if (typeof value === "number")
    throw new FieldError(`${path} must be a string (long numeric ids lose digits as JSON numbers)`);
  if (typeof value !== "string" || !ID_PATTERN.test(value)) {
    throw new FieldError(`${path} must be 1-64 characters of letters, digits, '_', '.', ':' or '-'`);
  }
  return value;
};

export function integer(min: number, max = Number.MAX_SAFE_INTEGER): Check<number> {
  return (value, path) => {
    if (typeof value !== "number" || !Number.isInteger(value)) throw new FieldError(`${path} must be a whole number`);
    if (value < min || value > max) throw new FieldError(`${path} must be from ${min} to ${max}`);
    return value;
  };
}

/** Money in cents (hundredths of the market currency). */
export const cents: Check<number> = (value, path) => {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > Number.MAX_SAFE_INTEGER) {
    throw new FieldError(`${path} must be a whole number of cents >= 0`);
  }
  return value;
};

/** A fraction from 0 to 1 (0.125 = 12.5 %). */
export const rate: Check<number> = (value, path) => {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new FieldError(`${path} must be a fraction from 0 to 1 (0.1 = 10 %)`);
  }
  return value;
};

export const market: Check<(typeof MARKET_CODES)[number]> = (value, path) => {
  if (!isMarketCode(value)) throw new FieldError(`${path} must be one of ${MARKET_CODES.join(", ")}`);
  return value;
};

export const date: Check<string> = (value, path) => {
  if (!isBusinessDate(value)) throw new FieldError(`${path} must be a date like 2024-05-01`);
  return value;
};

/** An ISO-8601 instant with a time zone; normalized to UTC. */
export const instant: Check<string> = (value, path) => {
  if (
    typeof value !== "string" ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ||
    Number.isNaN(Date.parse(value))
  ) {
    throw new FieldError(`${path} must be an ISO-8601 time with a zone, like 2024-05-01T13:45:00Z`);
  }
  return new Date(value).toISOString();
};

export const boolean: Check<boolean> = (value, path) => {
  if (typeof value !== "boolean") throw new FieldError(`${path} must be true or false`);
  return value;
};

export function oneOf<T extends string>(values: readonly T[]): Check<T> {
  return (value, path) => {
    if (typeof value !== "string" || !(values as readonly string[]).includes(value))
      throw new FieldError(`${path} must be one of ${values.join(", ")}`);
    return value as T;
  };
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, path) => (value === null ? null : check(value, path));
}

export function list<T>(check: Check<T>, maxItems: number): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) throw new FieldError(`${path} must be a list`);
    if (value.length > maxItems) throw new FieldError(`${path} must have at most ${maxItems} items`);
    return value.map((item, i) => check(item, `${path}[${i}]`));
  };
}

export interface FieldSpec<T> {
  check: Check<T>;
  /** Used when the field is missing; without it the field is required. */
  default?: () => T;
}

export type Shape<T> = { [K in keyof T]-?: FieldSpec<T[K]> };

/** Checks an object against a shape: no unknown fields, required ones present. */
export function object<T>(shape: Shape<T>): Check<T> {
  return (value, path) => {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new FieldError(`${path} must be an object`);
    const raw = value as Record<string, unknown>;
    for (const key of Object.keys(raw))
      if (!(key in shape)) throw new FieldError(`${path ? `${path}.` : ""}${key} is not a known field`);
    const result: Record<string, unknown> = {};
    for (const [key, spec] of Object.entries<FieldSpec<unknown>>(shape)) {
      const fieldPath = path ? `${path}.${key}` : key;
      if (raw[key] === undefined) {
        if (!spec.default) throw new FieldError(`${fieldPath} is required`);
        result[key] = spec.default();
      } else result[key] = spec.check(raw[key], fieldPath);
    }
    return result as T;
  };
}

export function required<T>(check: Check<T>): FieldSpec<T> {
  return { check };
}

export function optional<T>(check: Check<T>, fallback: () => T): FieldSpec<T> {
  return { check, default: fallback };
}
