// Detail pages: GET /api/v1/goods/{id}, /influencers/{id} (+ /videos and /calendar),
// /videos/{id}, /music/{id} and /hashtags/{id}, read from the database (services/details/*.ts)
// and kept per data version (detail-answers.ts). Each passes the detail gate first: 401 for
// visitors, 801 when a free user's daily detail views are used up (opening the same id again that
// day is free); an unknown id is a 404 before the gate.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { envelopeResponses } from "../../../lib/api";
import { SELF_COMPRESSED } from "./cached-body";
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
import { influencerDetail, influencerVideos } from "../services/details/influencers";
import { notFound, storedMarket } from "../services/details/lookup";
import { usageDetail } from "../services/details/usage";
import { videoDetail } from "../services/details/videos";
import { detailGate, type DetailKind } from "../services/gate";
import { readInfluencerCalendar } from "../store/influencer-sql";
import type { Calendar, EntityKind } from "../engine";
import { localeOf } from "./categories";
import type { DataContext } from "./context";
import { LANGUAGE_HEADER } from "../../../../contract/http-headers";

export const detailRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  const tags = ["details"];
  /**
   * Answers one detail read of `kind`'s `id` (`part` names the rest of the request: sub-path,
   * query, language) from the cache or `build`, after the 404 and the gate.
   */
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: EntityKind,
    detailKind: DetailKind,
    id: string,
    part: string,
    build: (calendar: Calendar) => Promise<unknown>,
  ) => {
    const snapshot = ctx.data.snapshot;
    return ctx.details.send(request, reply, snapshot, {
      key: `${kind}/${id}${part}`,
      exists: () => storedMarket(ctx.db, kind, id),
      gate: () => detailGate(ctx, request, detailKind, id),
      build: () => build(snapshot.calendar),
      missing: () => notFound(kind, id),
    });
  };

  app.get(
    "/api/v1/goods/:id",
    {
      ...SELF_COMPRESSED,
      schema: { tags, summary: "Goods detail", params: IdParams, response: envelopeResponses(GoodsDetail) },
    },
    async (request, reply) => {
      const { id } = request.params;
      const locale = localeOf(request.headers[LANGUAGE_HEADER]);
      return answer(request, reply, "goods", "goods", id, `|${locale}`, (calendar) =>
        goodsDetail(ctx.db, calendar, id, locale),
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
      return answer(request, reply, "influencers", "influencer", id, "", (calendar) =>
        influencerDetail(ctx.db, calendar, id),
      );
    },
  );

  app.get(
    "/api/v1/influencers/:id/videos",
    {
      ...SELF_COMPRESSED,
      schema: {
        tags,
        summary: "An influencer's videos",
        params: IdParams,
        querystring: VideoFilterQuery,
        response: envelopeResponses(InfluencerVideos),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { filter, page, size } = request.query;
      return answer(request, reply, "influencers", "influencer", id, `/videos|${filter}|${page}|${size}`, (calendar) =>
        influencerVideos(ctx.db, calendar, id, filter, page, size),
      );
    },
  );

  app.get(
    "/api/v1/influencers/:id/calendar",
    {
      ...SELF_COMPRESSED,
      schema: {
        tags,
        summary: "An influencer's posts and sales per day of a month",
        params: IdParams,
        querystring: CalendarQuery,
        response: envelopeResponses(InfluencerCalendar),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { month } = request.query;
      return answer(request, reply, "influencers", "influencer", id, `/calendar|${month ?? ""}`, (calendar) =>
        readInfluencerCalendar(ctx.db, calendar, id, month),
      );
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
      return answer(request, reply, "videos", "video", id, "", (calendar) => videoDetail(ctx.db, calendar, id));
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
        return answer(request, reply, kind, detailKind, id, "", (calendar) => usageDetail(ctx.db, calendar, kind, id));
      },
    );
  }
};
