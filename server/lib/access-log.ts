// The access log: one line per answered request (method, URL with personal and secret query
// values redacted, status, response time in ms; the request id from the request's logger), in
// place of Fastify's two lines (incoming, completed), which halved the API's throughput at the
// default level. Fastify's LogController is where it writes its per-request lines; the other
// lines it writes (stream errors, a failed write of the headers) stay as they are.
//
// The line is written straight to the logger's destination, as the JSON text pino itself would
// write for `log.info({method, url, status, ms}, "request")` (its level, time and bindings
// prefix, then the fields): pino's general path (a child logger's serializers, redaction, the
// object walk) cost a fifth of a cached rank list's CPU per request (bench:api, docs/api.md).
// tests/server/plugins/access-log.test.ts compares every line with pino's own.
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import pino, { type Logger } from "pino";
import { redactUrl } from "./redact-url";

const { streamSym, chindingsSym } = pino.symbols;
// pino's number for "info", and its default time and message keys.
const INFO = pino.levels.values.info;

/** What pino keeps on every logger: its destination, and its bindings serialized once. */
function internalsOf(log: Logger): { stream: { write: (line: string) => unknown }; bindings: string } {
  const fields = log as unknown as Record<symbol, unknown>;
  return {
    stream: fields[streamSym] as { write: (line: string) => unknown },
    bindings: fields[chindingsSym] as string,
  };
}

/** The access line's JSON text, as pino writes an info line with these fields. */
export function accessLine(
  bindings: string,
  time: number,
  fields: { method: string; url: string; status: number; ms: number },
): string {
  return (
    `{"level":${INFO},"time":${time}${bindings},"method":${JSON.stringify(fields.method)},` +
    `"url":${JSON.stringify(fields.url)},"status":${fields.status},"ms":${fields.ms},"msg":"request"}\n`
  );
}

export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Fastify's loggers are pino's (lib/logger.ts), whose level check its type leaves out.
    const log = reply.log as Logger;
    if (!log.isLevelEnabled(error ? "error" : "info")) return;
    const fields = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) {
      log.error({ ...fields, err: error }, "request errored");
      return;
    }
    const { stream, bindings } = internalsOf(log);
    stream.write(accessLine(bindings, Date.now(), fields));
  }
}
