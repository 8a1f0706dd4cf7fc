// The access log: one line per answered request (method, URL with personal and secret query
// values redacted, status, response time in ms; pino adds the request id), in place of Fastify's
// two lines (incoming, completed), which halved the API's throughput at the default level.
// Fastify's LogController is where it writes its per-request lines; the other lines it writes
// (stream errors, a failed write of the headers) stay as they are.
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import type { Logger } from "pino";
import { redactUrl } from "./redact-url";

export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Fastify's loggers are pino's (lib/logger.ts), whose level check its type leaves out.
    if (!(reply.log as Logger).isLevelEnabled(error ? "error" : "info")) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request");
  }
}
