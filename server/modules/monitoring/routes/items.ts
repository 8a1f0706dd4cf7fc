// The monitored items: GET /api/v1/subscribe/limit/size and /subscribe/check (how many, the
// plan's limit, whether one item is monitored), and /api/v1/monitor/items: GET lists them with
// cards and figures; PUT adds one (idempotent; 803 without the monitor feature, 60003 at the
// limit, 404 unknown id); PATCH changes its thresholds (404 when not monitored); DELETE removes
// one (idempotent; one gone from the dataset can still be removed). Visitors get 401.
import type { FastifyPluginAsyncTypebox, Static } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { DomainError } from "../../../lib/domain-error";
import type { MonitorThresholds } from "../../../../contract/monitoring";
import { requireAccess, storedMarket } from "../../catalog";
import {
  AddBody,
  Holds,
  Item,
  ItemKeyBody,
  ItemKeyQuery,
  ItemList,
  LimitSize,
  PatchBody,
  ThresholdsPatch,
} from "../schemas";
import { dailyDigestOf } from "../services/alerts";
import {
  addMonitor,
  isMonitored,
  monitorCount,
  monitorsOf,
  removeMonitor,
  updateThresholds,
} from "../services/monitors";
import { presentItems } from "../services/present";
import { callerOf, type MonitoringContext } from "./context";

const tags = ["monitor"];
const ITEMS = "/api/v1/monitor/items";

function thresholdsFrom(patch: Static<typeof ThresholdsPatch> | undefined): Partial<MonitorThresholds> {
  const thresholds: Partial<MonitorThresholds> = {};
  if (patch?.rank_places !== undefined) thresholds.rankPlaces = patch.rank_places;
  if (patch?.sales_percent !== undefined) thresholds.salesPercent = patch.sales_percent;
  if (patch?.new_videos !== undefined) thresholds.newVideos = patch.new_videos;
  if (patch?.top_list !== undefined) thresholds.topList = patch.top_list;
  return thresholds;
}

export const itemRoutes: FastifyPluginAsyncTypebox<{ ctx: MonitoringContext }> = async (app, { ctx }) => {
  app.get(
    "/api/v1/subscribe/limit/size",
    { schema: { tags, summary: "Items monitored and the plan's limit", response: envelopeResponses(LimitSize) } },
    async (request) => {
      const { userId, tier, limit } = await callerOf(ctx, request);
      return ok({ total: await monitorCount(ctx.db, userId), limit, tier });
    },
  );

  app.get(
    "/api/v1/subscribe/check",
    {
      schema: {
        tags,
        summary: "Whether the user monitors an item",
        querystring: ItemKeyQuery,
        response: envelopeResponses(Holds),
      },
    },
    async (request) => {
      const { userId, limit } = await callerOf(ctx, request);
      const { type, id } = request.query;
      const monitored = await isMonitored(ctx.db, { userId, kind: type, entityId: id });
      return ok({ type, id, monitored, total: await monitorCount(ctx.db, userId), limit });
    },
  );

  app.get(
    ITEMS,
    { schema: { tags, summary: "The items the user monitors", response: envelopeResponses(ItemList) } },
    async (request) => {
      const { userId, limit } = await callerOf(ctx, request);
      const snapshot = ctx.data.snapshot;
      const rows = await monitorsOf(ctx.db, userId);
      return ok({
        list: await presentItems(ctx.db, snapshot, rows),
        total: rows.length,
        limit,
        daily_digest: await dailyDigestOf(ctx.db, userId),
        updated_at: snapshot.meta ? snapshot.meta.updatedAt.toISOString() : null,
      });
    },
  );

  app.put(
    ITEMS,
    { schema: { tags, summary: "Monitor an item", body: AddBody, response: envelopeResponses(Holds) } },
    async (request) => {
      const { userId, tier, limit } = await callerOf(ctx, request);
      const { type, id, thresholds } = request.body;
      requireAccess(tier, { action: "monitor" }, ctx.config.planMatrix);
      await storedMarket(ctx.db, type, id);
      const key = { userId, kind: type, entityId: id };
      const total = await addMonitor(ctx.db, key, thresholdsFrom(thresholds), tier, ctx.config.planMatrix);
      return ok({ type, id, monitored: true, total, limit });
    },
  );

  app.patch(
    ITEMS,
    {
      schema: {
        tags,
        summary: "Change a monitored item's thresholds",
        body: PatchBody,
        response: envelopeResponses(Item),
      },
    },
    async (request) => {
      const { userId } = await callerOf(ctx, request);
      const { type, id, thresholds } = request.body;
      const row = await updateThresholds(ctx.db, { userId, kind: type, entityId: id }, thresholdsFrom(thresholds));
      if (!row) throw new DomainError(404, `'${id}' is not monitored`);
      const [item] = await presentItems(ctx.db, ctx.data.snapshot, [row]);
      return ok(item);
    },
  );

  app.delete(
    ITEMS,
    { schema: { tags, summary: "Stop monitoring an item", body: ItemKeyBody, response: envelopeResponses(Holds) } },
    async (request) => {
      const { userId, limit } = await callerOf(ctx, request);
      const { type, id } = request.body;
      // One no longer in the dataset can still be removed; anything else unknown is a 404.
      if (!(await removeMonitor(ctx.db, { userId, kind: type, entityId: id }))) await storedMarket(ctx.db, type, id);
      return ok({ type, id, monitored: false, total: await monitorCount(ctx.db, userId), limit });
    },
  );
};
