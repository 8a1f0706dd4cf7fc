// Logger options for Fastify's pino: level from config, and the promise that secrets never
// reach the logs. Request bodies and headers are never serialized; the redact list is a second
// line of defence for anything that later logs a header or body object by hand.
import type { FastifyServerOptions, FastifyRequest } from "fastify";
import type { Config } from "../config";

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
];

const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  ...SECRET_BODY_FIELDS.flatMap((field) => [`req.body.${field}`, `body.${field}`]),
];

// Query parameters that carry credentials: token, id_token, recaptcha_token, ..., OAuth code.
const SECRET_QUERY = /([?&](?:[^=&]*token|code|valid_code|validCode|password|state|ticket|[^=&]*key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, "$1[REDACTED]");
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

export function loggerOptions(config: Pick<Config, "logLevel">, stream?: LogStream): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: "[REDACTED]" },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
