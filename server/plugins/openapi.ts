// GET /api/v1/openapi.json: the OpenAPI 3.1 document @fastify/swagger builds from every route's
// TypeBox schemas (registered in app.ts before the routes, so it sees them all). Fetched by
// documentation tools without our headers, so exempt from the system-id check.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";

export const OPENAPI_PATH = "/api/v1/openapi.json";

export const openApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    OPENAPI_PATH,
    { schema: { hide: true, response: { 200: Type.Object({}, { additionalProperties: true }) } } },
    async () => app.swagger(),
  );
};
