// The route table: every route plugin is registered here, so one file shows what the server
// answers. Each plugin declares request and response schemas for its routes.
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { healthRoutes } from "./health";
import { ipRegionRoutes } from "./portal/ip-region";
import { sessionRoutes } from "./user/session";

export async function registerRoutes(app: FastifyInstance, database: Database): Promise<void> {
  await app.register(healthRoutes, { database });
  await app.register(sessionRoutes, { db: database.db });
  await app.register(ipRegionRoutes);
}
