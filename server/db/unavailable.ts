// Which failures mean "the database is not answering right now" rather than a bug: the
// connection refused, lost or timed out, PostgreSQL starting or shutting down, too many
// connections, and a statement or lock wait that ran past its bound. The error handler answers
// them 503 with Retry-After (a retry soon may well succeed), the probes report the reason.
// Reasons are fixed short phrases: never the driver's message, which can name hosts or users.
// Also the error a bounded advisory-lock wait ends with (advisory-locks.ts, client.ts's
// migration lock).

export type UnavailableReason =
  | "connection refused"
  | "connection lost"
  | "connection timed out"
  | "host not found"
  | "database starting or shutting down"
  | "too many connections"
  | "statement timed out"
  | "lock wait timed out"
  | "database closed";

// Node's socket errors (err.code), as pg passes them on.
const SOCKET_CODES: Record<string, UnavailableReason> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection lost",
  EPIPE: "connection lost",
  ETIMEDOUT: "connection timed out",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
};

// PostgreSQL SQLSTATEs (class 08, connection exceptions, is matched by prefix below).
const SQL_STATES: Record<string, UnavailableReason> = {
  "57P01": "connection lost", // admin_shutdown: the server is stopping, or the backend was terminated
  "57P02": "connection lost", // crash_shutdown
  "57P03": "database starting or shutting down", // cannot_connect_now
  "25P03": "connection lost", // idle_in_transaction_session_timeout ended the session
  "53300": "too many connections",
  "57014": "statement timed out", // query_canceled (statement_timeout)
  "55P03": "lock wait timed out", // lock_not_available (lock_timeout)
};

// What pg and the pool say without a code when a connection fails or goes away.
const MESSAGES: Array<[RegExp, UnavailableReason]> = [
  [/timeout exceeded when trying to connect|connection timeout|ping timed out/i, "connection timed out"],
  [/connection terminated|connection error and is not queryable|not queryable/i, "connection lost"],
  [/database is closed|pool after calling end|pglite is closed/i, "database closed"],
];

const MAX_DEPTH = 5;

/** The error and its causes (drizzle wraps the driver's error), and an AggregateError's parts. */
function* chain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > MAX_DEPTH || typeof error !== "object" || error === null) return;
  const record = error as Record<string, unknown>;
  yield record;
  if (Array.isArray(record.errors)) for (const part of record.errors) yield* chain(part, depth + 1);
  if ("cause" in record) yield* chain(record.cause, depth + 1);
}

/** The SQLSTATE of a PostgreSQL error anywhere in the chain, or null. */
export function sqlStateOf(error: unknown): string | null {
  for (const link of chain(error)) {
    // Five characters, but not a socket error such as EPIPE (no SQLSTATE class starts with E).
    if (typeof link.code === "string" && /^(?!E[A-Z])[0-9A-Z]{5}$/.test(link.code)) return link.code;
  }
  return null;
}

/** Why the database is not answering, when `error` says so; null for any other error. */
export function unavailableReason(error: unknown): UnavailableReason | null {
  for (const link of chain(error)) {
    const code = typeof link.code === "string" ? link.code : "";
    if (SOCKET_CODES[code]) return SOCKET_CODES[code];
    if (SQL_STATES[code]) return SQL_STATES[code];
    if (/^08[0-9A-Z]{3}$/.test(code)) return "connection lost";
    const message = typeof link.message === "string" ? link.message : "";
    for (const [pattern, reason] of MESSAGES) if (pattern.test(message)) return reason;
  }
  return null;
}

/** A lock wait that ran out: another instance has held the lock for longer than the bound. */
export class LockWaitTimeoutError extends Error {
  override name = "LockWaitTimeoutError";
  constructor(
    readonly lockId: number,
    readonly waitMs: number,
    options: { cause: unknown },
  ) {
    super(`Advisory lock ${lockId} still held by another session after ${waitMs} ms; gave up waiting`, options);
  }
}

/** SQLSTATE of a lock wait past lock_timeout. */
export const LOCK_NOT_AVAILABLE = "55P03";
