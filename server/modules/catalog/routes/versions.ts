// GET /api/v1/rank/versions: which rank snapshot the lists come from (the version every cache
// can key on), the dataset it was computed from, the update times of each cadence and the
// recent snapshot history (seed, import, refresh). `loading` is accepted and ignored (the
// client's optional loading flag).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { BusinessDate, Instant, Nullable } from "../schemas";
import { CADENCES, nextUpdateAt, updatedAt, type Cadence } from "../engine";
import { recentSnapshots } from "../store/meta";
import type { DataContext } from "./context";

const HISTORY = 20;

const Versions = Type.Object({
  version: Type.Integer({ description: "Current rank snapshot version (0 before any dataset)" }),
  data_version: Type.Integer(),
  source: Nullable(Type.String()),
  seed: Nullable(Type.String()),
  scale: Nullable(Type.Number()),
  start_date: BusinessDate,
  end_date: BusinessDate,
  days: Type.Integer(),
  cadences: Type.Array(
    Type.Object({ cadence: Type.String(), every_hours: Type.Integer(), updated_at: Instant, next_update_at: Instant }),
  ),
  snapshots: Type.Array(
    Type.Object({ version: Type.Integer(), reason: Type.String(), slot: Nullable(Type.String()), created_at: Instant }),
  ),
});

export const versionRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  app.get(
    "/api/v1/rank/versions",
    {
      schema: {
        tags: ["rank"],
        summary: "Rank snapshot versions",
        querystring: Type.Object({ loading: Type.Optional(Type.Boolean()) }),
        response: envelopeResponses(Versions),
      },
    },
    async () => {
      const now = ctx.now();
      const { meta, calendar } = ctx.data.snapshot;
      const history = await recentSnapshots(ctx.db, HISTORY);
      return ok({
        version: meta?.version ?? 0,
        data_version: meta?.dataVersion ?? 0,
        source: meta?.source ?? null,
        seed: meta?.seed ?? null,
        scale: meta?.scale ?? null,
        start_date: calendar.startDate,
        end_date: calendar.endDate,
        days: calendar.days,
        cadences: (Object.keys(CADENCES) as Cadence[]).map((cadence) => ({
          cadence,
          every_hours: CADENCES[cadence].everyHours,
          updated_at: updatedAt(cadence, now).toISOString(),
          next_update_at: nextUpdateAt(cadence, now).toISOString(),
        })),
        snapshots: history.map((s) => ({
          version: s.version,
          reason: s.reason,
          slot: s.slot?.toISOString() ?? null,
          created_at: s.createdAt.toISOString(),
        })),
      });
    },
  );
};
