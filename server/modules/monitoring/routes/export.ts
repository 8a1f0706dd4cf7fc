// GET /api/v1/export/monitor: the user's monitored items as a CSV download (server/lib/csv.ts),
// one row per item with its latest figures and thresholds. 401 for visitors, 803 without the
// plan's `export` feature (JSON envelopes, like every API error).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { sendCsv, type CsvCell } from "../../../lib/csv";
import { requireAccess } from "../../catalog";
import { monitorsOf } from "../services/monitors";
import { presentItems } from "../services/present";
import { callerOf, type MonitoringContext } from "./context";

export const MONITOR_CSV_HEADER = [
  "type",
  "id",
  "name",
  "market",
  "available",
  "rank",
  "sales_7d",
  "videos",
  "in_top_list",
  "rank_change",
  "sales_change_percent",
  "evaluated_at",
  "rank_places",
  "sales_percent",
  "new_videos",
  "top_list",
  "monitored_since",
] as const;

export const exportRoutes: FastifyPluginAsyncTypebox<{ ctx: MonitoringContext }> = async (app, { ctx }) => {
  app.get(
    "/api/v1/export/monitor",
    { schema: { tags: ["monitor", "export"], summary: "The monitored items as CSV" } },
    async (request, reply) => {
      const { userId, tier } = await callerOf(ctx, request);
      requireAccess(tier, { action: "export" }, ctx.config.planMatrix);
      const snapshot = ctx.data.snapshot;
      const items = await presentItems(ctx.db, snapshot, await monitorsOf(ctx.db, userId));
      const rows = items.map((item): CsvCell[] => {
        const card = item.card as { title?: string; nickname?: string; market?: string } | undefined;
        return [
          item.type,
          item.id,
          card?.title ?? card?.nickname ?? "",
          card?.market ?? "",
          item.available,
          item.latest?.rank ?? null,
          item.latest?.sales ?? null,
          item.latest?.videos ?? null,
          item.latest?.in_top_list ?? null,
          item.change?.rank ?? null,
          item.change?.sales_percent ?? null,
          item.evaluated_at,
          item.thresholds.rank_places,
          item.thresholds.sales_percent,
          item.thresholds.new_videos,
          item.thresholds.top_list,
          item.created_at,
        ];
      });
      return sendCsv(reply, "shopradar-monitor", { header: MONITOR_CSV_HEADER, rows });
    },
  );
};
