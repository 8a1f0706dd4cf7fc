// The engagement module: usage tracking, the questionnaire, web push (subscriptions and
// campaigns) and the contact form. Registers its routes as one Fastify plugin; the VAPID keys
// are loaded (or generated and stored) when it registers.
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { contactRoutes } from "./routes/contact";
import { pushRoutes } from "./routes/push";
import { questionnaireRoutes } from "./routes/questionnaire";
import { statisticsRoutes } from "./routes/statistics";
import { loadVapidKeys } from "./services/vapid-keys";

export { campaignPayload, sendCampaign, type Campaign } from "./services/push-campaigns";
export { loadVapidKeys, type VapidKeys } from "./services/vapid-keys";
export { sendPushToUser, type DeliveryReport } from "./services/push-delivery";
export { engagementPurgeTasks } from "./services/purge";

export interface EngagementOptions {
  db: Db;
  config: Readonly<Config>;
}

export const engagementModule: FastifyPluginAsync<EngagementOptions> = async (app, { db, config }) => {
  await app.register(contactRoutes, { db });
  await app.register(statisticsRoutes, { db });
  await app.register(questionnaireRoutes, { db });
  await app.register(pushRoutes, { db, vapid: await loadVapidKeys(db, config), pushHosts: config.pushServiceHosts });
};
