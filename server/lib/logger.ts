// The server's logging: Fastify's pino options (level from config, written asynchronously to
// stdout, or to a test's stream), the one access line per request (access-log.ts), and the
// promise that secrets and personal data never reach the logs.
// Request bodies and headers are never serialized; the redact list is a second line of defence
// for anything that later logs a header or body object by hand. Errors go through
// serializeError, which never writes a database query's parameter values.
import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from "fastify";
import pino from "pino";
import type { Config } from "../config";
import { AccessLogController } from "./access-log";
import { redactUrl } from "./redact-url";

/** Where log lines go instead of stdout (tests capture them). */
export interface LogStream {
  write: (line: string) => void;
}

const SECRET_BODY_FIELDS = [
  "password",
  "old_password",
  "validCode",
  "valid_code",
  "code",
  "token",
  "id_token",
  "recaptcha_token",
  "recaptcha_key",
  "ticket",
  "state",
  "open_id",
  "phone_ticket",
  "phone",
  "phone_number",
];

const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  ...SECRET_BODY_FIELDS.flatMap((field) => [`req.body.${field}`, `body.${field}`]),
];

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

// Fields of pg's and PGlite's errors (and drizzle's DrizzleQueryError) that carry the query, its
// parameter values or a row's values (`detail`: Key (email)=(...) already exists).
const DATABASE_ERROR_FIELDS = new Set([
  "params",
  "parameters",
  "query",
  "queryOptions",
  "detail",
  "where",
  "internalQuery",
]);
const MAX_CAUSES = 5;

type ErrorFields = Error & Record<string, unknown>;

const isDatabaseError = (error: ErrorFields): boolean =>
  "params" in error || "query" in error || (typeof error.severity === "string" && typeof error.code === "string");

/**
 * A database error's message without values: drizzle's "Failed query: <sql>\nparams: <values>"
 * keeps its SQL (placeholders only), and the server's own messages, which quote the offending
 * value (invalid input syntax for type uuid: "..."), lose every quoted part.
 */
function databaseMessage(error: ErrorFields): string {
  const message = error.message.split("\nparams:")[0];
  return "params" in error && "query" in error && message.startsWith("Failed query:")
    ? message
    : message.replace(/"(?:[^"]|"")*"/g, '"[REDACTED]"');
}

/** The stack's frames under a new first line (the original first lines repeat the message). */
function stackWith(header: string, stack: string | undefined): string {
  const frames = stack?.split("\n").filter((line) => /^\s+at /.test(line)) ?? [];
  return [header, ...frames].join("\n");
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

function serializeOne(error: ErrorFields, depth: number): SerializedError {
  const database = isDatabaseError(error);
  const type = error.constructor?.name ?? error.name;
  const message = database ? databaseMessage(error) : error.message;
  const serialized: SerializedError = { type, message, stack: stackWith(`${type}: ${message}`, error.stack) };
  for (const [key, value] of Object.entries(error)) {
    if (key in serialized || key === "cause" || (database && DATABASE_ERROR_FIELDS.has(key))) continue;
    serialized[key] = value instanceof Error ? serializeOne(value as ErrorFields, depth + 1) : value;
  }
  if (error.cause instanceof Error && depth < MAX_CAUSES)
    serialized.cause = serializeOne(error.cause as ErrorFields, depth + 1);
  return serialized;
}

/** pino's `err` serializer, minus what a database error knows about the query's values. */
export function serializeError(error: Error): SerializedError {
  // pino hands over whatever was logged under `err`: anything but an error goes out as it is.
  if (!(error instanceof Error)) return error;
  return serializeOne(error as ErrorFields, 0);
}

// Lines are gathered up to this many bytes (about 80 access lines) before one write: under load
// each write to stdout is a round trip through libuv's thread pool, whose cost per write (not
// per byte) competed with the requests on a 2-core machine. 4 KB batches held the main thread
// in fs.write for 8.1 % of a rank-list load's CPU profile, 15 KB batches for 4.1 %. It stays
// under sonic-boom's largest single write (maxWrite, 16 KB). A quiet server's lines still leave
// within LOG_FLUSH_MS.
const LOG_BATCH_BYTES = 15 * 1024;
const LOG_FLUSH_MS = 1000;

/** A log destination pino can write to, flush (on close) and flush synchronously (at exit). */
export interface AsyncLogDestination extends LogStream {
  flush: (callback: (error?: Error) => void) => void;
  flushSync: () => void;
}

/**
 * The process's log destination: `fd` (stdout) written asynchronously (lines are queued and
 * written in batches, never blocking a request), flushed every second, on close and at exit.
 * Lines reach sonic-boom as bytes: given a string, it measures its whole pending batch again
 * (Buffer.byteLength of up to 16 KB) on every write: 2.7-3.2 µs of CPU per access line with its
 * making, against 1.0-1.1 µs for the line made and written as bytes (a million lines in a loop).
 */
export function asyncLogDestination(fd = 1): AsyncLogDestination {
  const boom = pino.destination({
    dest: fd,
    sync: false,
    contentMode: "buffer",
    minLength: LOG_BATCH_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  // sonic-boom's types know only its string mode's write.
  const writeBytes = boom.write.bind(boom) as unknown as (bytes: Buffer) => boolean;
  return {
    write: (line) => void writeBytes(Buffer.from(line)),
    flush: (callback) => boom.flush(callback),
    flushSync: () => boom.flushSync(),
  };
}

/**
 * Fastify's logging options: pino's, and a log controller that writes one access line per
 * request instead of Fastify's two (access-log.ts).
 */
export function loggingOptions(
  config: Pick<Config, "logLevel">,
  stream?: LogStream,
): Pick<FastifyServerOptions, "logger" | "logController"> {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: "[REDACTED]" },
      serializers: { req: serializeRequest, err: serializeError },
      stream: stream ?? asyncLogDestination(),
    },
    logController: new AccessLogController(),
  };
}

/** Writes out what the asynchronous destination still holds (on close). */
export function flushLogs(log: FastifyBaseLogger): Promise<void> {
  const flush = (log as Partial<Pick<pino.Logger, "flush">>).flush;
  if (typeof flush !== "function") return Promise.resolve();
  return new Promise((resolve) => flush.call(log, () => resolve()));
}
