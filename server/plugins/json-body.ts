// Fastify's JSON parser (prototype-poisoning checks included), except that an empty body with
// a JSON content type means "no body": clients commonly send it on bodiless POSTs such as logout.
import type { FastifyInstance } from "fastify";

export function applyJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text === "") return done(null, undefined);
    void parseJson(request, text, done);
  });
}
