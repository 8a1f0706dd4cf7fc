// Detail pages: GET /api/v1/goods/{id}, /influencers/{id} (+ /videos and /calendar),
// /videos/{id}, /music/{id} and /hashtags/{id}. Each passes the detail gate first: 401 for visitors, 801 when a free user's
// daily detail views are used up (opening the same id again that day is free), 404 for an
// unknown id.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { envelopeResponses, ok } from "../../../lib/api";
import { SELF_COMPRESSED, sendCached } from "./cached-body";
import {
  CalendarQuery,
  GoodsDetail,
  HashtagDetail,
  IdParams,
  InfluencerCalendar,
  InfluencerDetail,
  InfluencerVideos,
  MusicDetail,
  VideoDetail,
  VideoFilterQuery,
} from "../detail-schemas";
import { goodsDetail } from "../services/details/goods";
import { influencerCalendar, influencerDetail, influencerVideos } from "../services/details/influencers";
import { rowOf } from "../services/details/lookup";
import { usageDetail } from "../services/details/usage";
import { videoDetail } from "../services/details/videos";
import { detailGate, type DetailKind } from "../services/gate";
import type { DataSnapshot } from "../services/snapshot";
import type { EntityKind } from "../engine";
import { localeOf } from "./categories";
import type { DataContext } from "./context";
import { LANGUAGE_HEADER } from "../../../../contract/http-headers";

export const detailRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  const tags = ["details"];
  /** The snapshot to answer from, once the id exists (404 first: unknown ids spend nothing) and the gate let the caller in. */
  const open = async (
    request: FastifyRequest,
    kind: EntityKind,
    detailKind: DetailKind,
    id: string,
  ): Promise<DataSnapshot> => {
    const snapshot = ctx.data.snapshot;
    rowOf(snapshot, kind, id);
    await detailGate(ctx, request, detailKind, id);
    return snapshot;
  };

  app.get(
    "/api/v1/goods/:id",
    {
      ...SELF_COMPRESSED,
      schema: { tags, summary: "Goods detail", params: IdParams, response: envelopeResponses(GoodsDetail) },
    },
    async (request, reply) => {
      const { id } = request.params;
      const snapshot = await open(request, "goods", "goods", id);
      const locale = localeOf(request.headers[LANGUAGE_HEADER]);
      return sendCached(request, reply, ctx.lists.pages, `${snapshot.version}|goods/${id}|${locale}`, () =>
        goodsDetail(snapshot, id, locale),
      );
    },
  );

  app.get(
    "/api/v1/influencers/:id",
    {
      ...SELF_COMPRESSED,
      schema: { tags, summary: "Influencer detail", params: IdParams, response: envelopeResponses(InfluencerDetail) },
    },
    async (request, reply) => {
      const { id } = request.params;
      const snapshot = await open(request, "influencers", "influencer", id);
      return sendCached(request, reply, ctx.lists.pages, `${snapshot.version}|influencers/${id}`, () =>
        influencerDetail(snapshot, id),
      );
    },
  );

  app.get(
    "/api/v1/influencers/:id/videos",
    {
      schema: {
        tags,
        summary: "An influencer's videos",
        params: IdParams,
        querystring: VideoFilterQuery,
        response: envelopeResponses(InfluencerVideos),
      },
    },
    async (request) => {
      const { id } = request.params;
      const snapshot = await open(request, "influencers", "influencer", id);
      const { filter, page, size } = request.query;
      return ok(influencerVideos(snapshot, id, filter, page, size));
    },
  );

  app.get(
    "/api/v1/influencers/:id/calendar",
    {
      schema: {
        tags,
        summary: "An influencer's posts and sales per day of a month",
        params: IdParams,
        querystring: CalendarQuery,
        response: envelopeResponses(InfluencerCalendar),
      },
    },
    async (request) => {
      const { id } = request.params;
      const snapshot = await open(request, "influencers", "influencer", id);
      return ok(influencerCalendar(snapshot, id, request.query.month));
    },
  );

  app.get(
    "/api/v1/videos/:id",
    {
      ...SELF_COMPRESSED,
      schema: { tags, summary: "Video detail", params: IdParams, response: envelopeResponses(VideoDetail) },
    },
    async (request, reply) => {
      const { id } = request.params;
      const snapshot = await open(request, "videos", "video", id);
      return sendCached(request, reply, ctx.lists.pages, `${snapshot.version}|videos/${id}`, () =>
        videoDetail(snapshot, id),
      );
    },
  );

  for (const [kind, detailKind, schema, summary] of [
    ["music", "music", MusicDetail, "Music detail"],
    ["hashtags", "hashtag", HashtagDetail, "Hashtag detail"],
  ] as const) {
    app.get(
      `/api/v1/${kind}/:id`,
      { ...SELF_COMPRESSED, schema: { tags, summary, params: IdParams, response: envelopeResponses(schema) } },
      async (request, reply) => {
        const { id } = request.params;
        const snapshot = await open(request, kind, detailKind, id);
        return sendCached(request, reply, ctx.lists.pages, `${snapshot.version}|${kind}/${id}`, () =>
          usageDetail(snapshot, kind, id),
        );
      },
    );
  }
};
