// The one error handler: every failure leaves as a `{code, msg, data: null}` envelope with a
// message a user can act on. It alone maps errors to HTTP: a DomainError (what services throw)
// keeps its code, message and status hint.
// 5xx never reveal internals; 4xx are logged without their error message, because a JSON parse
// error can quote the (secret-bearing) body. A database that is not answering (db/unavailable.ts:
// down, restarting, out of connections, a statement or lock wait past its bound) is a 503 with
// Retry-After, logged as a warning with its reason only: the client should retry, not report;
// so is a service's own 503 (the first rank lists still being filled).
import type { FastifyError, FastifyInstance } from "fastify";
import { unavailableReason } from "../db/unavailable";
import { DomainError } from "../lib/domain-error";

interface Outcome {
  status: number;
  code: number;
  msg: string;
}

const FASTIFY_MESSAGES: Record<string, Omit<Outcome, "code">> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: "Malformed JSON body" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: "Request body too large" },
};

const INTERNAL: Outcome = { status: 500, code: 500, msg: "Internal server error" };

/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_S = 5;
const UNAVAILABLE: Outcome = {
  status: 503,
  code: 503,
  msg: "The service is briefly unavailable, please try again in a few seconds",
};

function describe(error: FastifyError): Outcome {
  if (error instanceof DomainError) return { status: error.status, code: error.code, msg: error.message };
  const known = FASTIFY_MESSAGES[error.code];
  if (known) return { ...known, code: known.status };
  // Schema failures: Fastify words them as "body/email must be string", naming the field.
  if (error.validation) return { status: 400, code: 400, msg: validationMessage(error) };
  // Other client errors raised by Fastify or its plugins (415, 403, ...) carry safe messages.
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, code: status, msg: error.message };
  return INTERNAL;
}

/** Fastify's wording, plus the allowed values when a value is not one of an enum's. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const allowed = first?.keyword === "enum" ? (first.params as { allowedValues?: unknown[] }).allowedValues : undefined;
  return allowed ? `${error.message}: ${allowed.join(", ")}` : error.message;
}

export function applyErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const outcome = describe(error);
    if (outcome === INTERNAL) {
      // Only errors no one answered for: a client error's cause (a JSON parse error) may quote the body.
      const reason = unavailableReason(error);
      if (reason) {
        request.log.warn({ reason }, "database unavailable");
        reply.header("retry-after", String(DATABASE_RETRY_AFTER_S));
        return reply.code(UNAVAILABLE.status).send({ code: UNAVAILABLE.code, msg: UNAVAILABLE.msg, data: null });
      }
    }
    if (outcome.status === 503) {
      // A service's own "try again shortly" (the first rank lists still being filled).
      request.log.warn(outcome.msg);
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_S));
    } else if (outcome.status >= 500) {
      request.log.error({ err: error }, "request failed");
    } else {
      request.log.info({ status: outcome.status, errorCode: error.code }, outcome.msg);
    }
    return reply.code(outcome.status).send({ code: outcome.code, msg: outcome.msg, data: null });
  });
}
