// The Alerts tab and the notification setting: GET /api/v1/monitor/alerts (newest first, paged,
// each in the request's x-language), POST /api/v1/monitor/alerts/read (some or all read) and
// GET/PUT /api/v1/monitor/settings ({daily_digest}). Visitors get 401.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LANGUAGE_HEADER } from "../../../../contract/http-headers";
import { envelopeResponses, ok } from "../../../lib/api";
import { localeOf } from "../../catalog";
import { AlertPage, AlertPageQuery, ReadBody, Settings, Unread } from "../schemas";
import { alertPage, dailyDigestOf, markRead, setDailyDigest } from "../services/alerts";
import { presentAlert } from "../services/present";
import { callerOf, type MonitoringContext } from "./context";

const tags = ["monitor"];
const SETTINGS = "/api/v1/monitor/settings";

export const alertRoutes: FastifyPluginAsyncTypebox<{ ctx: MonitoringContext }> = async (app, { ctx }) => {
  app.get(
    "/api/v1/monitor/alerts",
    {
      schema: {
        tags,
        summary: "The user's monitor alerts",
        querystring: AlertPageQuery,
        response: envelopeResponses(AlertPage),
      },
    },
    async (request) => {
      const { userId } = await callerOf(ctx, request);
      const locale = localeOf(request.headers[LANGUAGE_HEADER]);
      const page = await alertPage(ctx.db, userId, request.query.page, request.query.size);
      return ok({ ...page, list: page.list.map((alert) => presentAlert(ctx.translator, locale, alert)) });
    },
  );

  app.post(
    "/api/v1/monitor/alerts/read",
    {
      schema: {
        tags,
        summary: "Mark alerts read (all without ids)",
        body: ReadBody,
        response: envelopeResponses(Unread),
      },
      // "All" may come without a body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { userId } = await callerOf(ctx, request);
      return ok({ unread: await markRead(ctx.db, userId, request.body.ids, ctx.now()) });
    },
  );

  app.get(
    SETTINGS,
    { schema: { tags, summary: "The user's monitor notification setting", response: envelopeResponses(Settings) } },
    async (request) => {
      const { userId } = await callerOf(ctx, request);
      return ok({ daily_digest: await dailyDigestOf(ctx.db, userId) });
    },
  );

  app.put(
    SETTINGS,
    {
      schema: {
        tags,
        summary: "Instant pushes or one daily digest",
        body: Settings,
        response: envelopeResponses(Settings),
      },
    },
    async (request) => {
      const { userId } = await callerOf(ctx, request);
      return ok({ daily_digest: await setDailyDigest(ctx.db, userId, request.body.daily_digest) });
    },
  );
};
