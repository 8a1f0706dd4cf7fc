// What an unmatched request gets: API paths a JSON 404 naming the method and path (so a client
// typo is obvious); browser navigations the SPA's index.html, whose router renders its own
// not-found page; anything else (a missing image, a script) a plain JSON 404.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isApiPath, pathOf } from "../lib/api";
import { sendIndexHtml, type IndexHtml } from "./index-html";

// Keeps a pathological URL from bloating the response.
const MAX_PATH_IN_MESSAGE = 200;

function isPageNavigation(request: FastifyRequest): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !isApiPath(request.url) &&
    (request.headers.accept ?? "").includes("text/html")
  );
}

/** `index`: the SPA's page (index-html.ts), null when there is no build. */
export function applyNotFoundHandler(app: FastifyInstance, index: IndexHtml | null): void {
  app.setNotFoundHandler((request, reply) => {
    if (index && isPageNavigation(request)) return sendIndexHtml(request, reply, index);
    const path = pathOf(request.url).slice(0, MAX_PATH_IN_MESSAGE);
    return reply.code(404).send({ code: 404, msg: `Not found: ${request.method} ${path}`, data: null });
  });
}
