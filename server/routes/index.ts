// The route table: every route plugin is registered here, so one file shows what the server
// answers. Each plugin declares request and response schemas for its routes.
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import type { DataService } from "../data/service/data-service";
import type { AuthContext } from "../services/auth-context";
import { categoryRoutes } from "./data/categories";
import { createDataContext } from "./data/context";
import { detailRoutes } from "./data/details";
import { favouriteRoutes } from "./data/favourites";
import { homeRoutes } from "./data/home";
import { imageRoutes } from "./data/images";
import { monitorRoutes } from "./data/monitor";
import { planRoutes } from "./data/plans";
import { rankRoutes } from "./data/rank";
import { searchRoutes } from "./data/search";
import { trendRoutes } from "./data/trends";
import { versionRoutes } from "./data/versions";
import { outboxRoutes } from "./dev/outbox";
import { openApiRoutes } from "./openapi";
import { healthRoutes } from "./health";
import { contactRoutes } from "./portal/contact";
import { ipRegionRoutes } from "./portal/ip-region";
import { pushRoutes } from "./portal/push";
import { questionnaireRoutes } from "./portal/questionnaire";
import { statisticsRoutes } from "./portal/statistics";
import { loadVapidKeys } from "../services/vapid-keys";
import { captchaRoutes } from "./user/captcha";
import { comboRoutes } from "./user/combo";
import { emailRegisterRoutes } from "./user/email-register";
import { googleRoutes } from "./user/google";
import { passwordRoutes } from "./user/password";
import { phoneCodeLoginRoutes } from "./user/phone-code-login";
import { qrLoginRoutes } from "./user/qr-login";
import { sessionRoutes } from "./user/session";
import { supportContactRoutes } from "./user/support-contact";
import { verificationCodeRoutes } from "./user/verification-code";

export async function registerRoutes(app: FastifyInstance, database: Database, auth: AuthContext, data: DataService): Promise<void> {
  await app.register(healthRoutes, { database });
  await app.register(openApiRoutes);
  await app.register(sessionRoutes, { db: database.db });
  await app.register(ipRegionRoutes);
  await app.register(contactRoutes, { db: database.db });
  // Engagement (issue 6): tracking, questionnaire, web push.
  await app.register(statisticsRoutes, { db: database.db });
  await app.register(questionnaireRoutes, { db: database.db });
  await app.register(pushRoutes, { db: database.db, vapid: await loadVapidKeys(database.db, auth.config) });
  // Accounts and sign-in (issue 3).
  for (const routes of [
    verificationCodeRoutes,
    phoneCodeLoginRoutes,
    passwordRoutes,
    emailRegisterRoutes,
    googleRoutes,
    captchaRoutes,
    qrLoginRoutes,
    supportContactRoutes,
    comboRoutes,
    outboxRoutes,
  ]) {
    await app.register(routes, { ctx: auth });
  }
  // Data service (issue 4).
  const dataCtx = createDataContext(data, database.db, auth.config, auth.now);
  for (const routes of [versionRoutes, rankRoutes, homeRoutes, categoryRoutes, detailRoutes, trendRoutes, searchRoutes, favouriteRoutes, monitorRoutes, planRoutes, imageRoutes]) {
    await app.register(routes, { ctx: dataCtx });
  }
}
