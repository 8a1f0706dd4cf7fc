// The catalog module: the analytics dataset (engine, store, import, refresh jobs, images) and
// the data routes under /api/v1 (home, rank lists, details, trends, search, favourites,
// plans, versions, images, CSV exports). Registers its routes as one Fastify plugin; the app opens
// the DataService before and hands it in. Other modules reach catalog only through these
// exports.
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { categoryRoutes } from "./routes/categories";
import { createDataContext } from "./routes/context";
import type { TierCache } from "./services/access";
import { detailRoutes } from "./routes/details";
import { exportRoutes } from "./routes/export";
import { favouriteRoutes } from "./routes/favourites";
import { homeRoutes } from "./routes/home";
import { imageRoutes } from "./routes/images";
import { planRoutes } from "./routes/plans";
import { rankRoutes } from "./routes/rank";
import { searchRoutes } from "./routes/search";
import { trendRoutes } from "./routes/trends";
import { versionRoutes } from "./routes/versions";
import type { DataService } from "./services/data-service";

export { startDataJobs } from "./jobs/scheduler";
export { localeOf } from "./routes/categories";
export { Nullable } from "./schemas";
export { DataService, generateDemoDataIfEmpty } from "./services/data-service";
export { createTierCache, type TierCache } from "./services/access";
// For the monitoring module: the snapshot, rank places, cards, tiers and plan checks.
export { type MarketCode, type PlanTier } from "./engine";
export { GoodsCard, Id, InfluencerCard, Instant } from "./schemas";
export { requireAccess, tierOf } from "./services/access";
export { storedMarket } from "./services/details/lookup";
export { readCardMap, type CardOf } from "./store/cards-sql";
export { servedGeneration } from "./store/rank-generations";
export { readRankPlaces, readWindowFigures } from "./store/window-figures-sql";
export type { Queryable } from "./store/meta";
export type { DataSnapshot } from "./services/snapshot";
export { detailPreview } from "./services/preview";

export interface CatalogOptions {
  data: DataService;
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  /** Users' plan tiers, cached briefly; app.ts shares it with commerce, which clears a buyer's. */
  tiers: TierCache;
}

const ROUTES = [
  versionRoutes,
  rankRoutes,
  homeRoutes,
  categoryRoutes,
  detailRoutes,
  trendRoutes,
  searchRoutes,
  favouriteRoutes,
  planRoutes,
  imageRoutes,
  exportRoutes,
];

export const catalogModule: FastifyPluginAsync<CatalogOptions> = async (app, { data, db, config, now, tiers }) => {
  const ctx = createDataContext(data, db, config, now, tiers);
  for (const routes of ROUTES) await app.register(routes, { ctx });
};
