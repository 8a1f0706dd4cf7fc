// The monitoring module: the goods and influencers users monitor (routes/items.ts), the alerts
// evaluations raise after each new snapshot (services/evaluation.ts, jobs/monitor-jobs.ts), their
// pushes and daily digests (services/notify.ts, through engagement's push sending), the Alerts
// tab and setting (routes/alerts.ts), the CSV export (routes/export.ts) and which old alerts
// the hourly purge deletes (services/purge.ts). See docs/monitoring.md. app.ts registers it
// after catalog and engagement; it starts its jobs and stops them when the app closes.
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { JobObserver } from "../../lib/interval-job";
import { loadTranslator } from "../../lib/translations";
import type { DataService, TierCache } from "../catalog";
import { loadVapidKeys } from "../engagement";
import { startMonitorJobs, type MonitorJobs } from "./jobs/monitor-jobs";
import { alertRoutes } from "./routes/alerts";
import type { MonitoringContext } from "./routes/context";
import { exportRoutes } from "./routes/export";
import { itemRoutes } from "./routes/items";

export { monitoringPurgeTasks } from "./services/purge";

declare module "fastify" {
  interface FastifyInstance {
    /** The monitoring jobs of this instance; tests run them at once. */
    monitoring: MonitorJobs;
  }
}

export interface MonitoringOptions {
  data: DataService;
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  tiers: TierCache;
  /** Told of every job run (plugins/metrics.ts). */
  observeJob?: JobObserver;
}

/**
 * Registers the routes and starts the jobs. Not an encapsulated plugin: `app.monitoring` (the
 * jobs) is decorated on the app itself.
 */
export async function registerMonitoring(
  app: FastifyInstance,
  { data, db, config, now, tiers, observeJob }: MonitoringOptions,
): Promise<void> {
  const translator = await loadTranslator();
  const ctx: MonitoringContext = { data, db, config, now, tiers, translator };
  for (const routes of [itemRoutes, alertRoutes, exportRoutes]) await app.register(routes, { ctx });
  const vapid = await loadVapidKeys(db, config);
  const push = { db, vapid, translator, pushHosts: config.pushServiceHosts };
  const jobs = startMonitorJobs(data, push, now, app.log, observeJob);
  app.decorate("monitoring", jobs);
  app.addHook("onClose", () => jobs.stop());
}
