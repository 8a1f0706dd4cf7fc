// Favourites: PUT and DELETE /api/v1/tikmeta/portal/like with {type, id} (goods, influencer,
// video, music or hashtag; both idempotent; an unknown id is a 404) and GET the same path for
// the signed-in user's favourites, newest first. Visitors get 401; the session decides whose.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import {
  GoodsCard,
  HashtagCard,
  Id,
  InfluencerCard,
  Instant,
  MusicCard,
  Page,
  Size,
  StringEnum,
  VideoCard,
} from "../schemas";
import { requireAccess, tierOf } from "../services/access";
import { storedMarket } from "../services/details/lookup";
import { ENTITY_OF_FAVOURITE, FAVOURITE_KINDS } from "../../../../contract/favourites";
import { addFavourite, listFavourites, removeFavourite } from "../services/favourites";
import type { DataContext } from "./context";

const Kind = StringEnum(FAVOURITE_KINDS);
const LikeBody = Type.Object({ type: Kind, id: Id });
const LikeResult = Type.Object({ type: Type.String(), id: Type.String(), liked: Type.Boolean() });
const FavouriteList = Type.Object({
  list: Type.Array(
    Type.Object({
      type: Type.String(),
      id: Type.String(),
      created_at: Instant,
      available: Type.Boolean({ description: "False when the item is no longer in the dataset" }),
      goods: Type.Optional(GoodsCard),
      influencer: Type.Optional(InfluencerCard),
      video: Type.Optional(VideoCard),
      music: Type.Optional(MusicCard),
      hashtag: Type.Optional(HashtagCard),
    }),
  ),
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
});

export const favouriteRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  const path = "/api/v1/tikmeta/portal/like";
  const tags = ["favourites"];
  const signedIn = async (request: Parameters<typeof tierOf>[0]) => {
    requireAccess(await tierOf(request, ctx, ctx.now()), { action: "favourite" }, ctx.config.planMatrix);
    return request.user!.id;
  };

  app.put(
    path,
    { schema: { tags, summary: "Add a favourite", body: LikeBody, response: envelopeResponses(LikeResult) } },
    async (request) => {
      const userId = await signedIn(request);
      const { type, id } = request.body;
      await storedMarket(ctx.db, ENTITY_OF_FAVOURITE[type], id);
      await addFavourite(ctx.db, userId, type, id);
      return ok({ type, id, liked: true });
    },
  );

  app.delete(
    path,
    { schema: { tags, summary: "Remove a favourite", body: LikeBody, response: envelopeResponses(LikeResult) } },
    async (request) => {
      const userId = await signedIn(request);
      const { type, id } = request.body;
      // A favourite whose item left the dataset can still be removed; anything else unknown is a 404.
      const removed = await removeFavourite(ctx.db, userId, type, id);
      if (!removed) await storedMarket(ctx.db, ENTITY_OF_FAVOURITE[type], id);
      return ok({ type, id, liked: false });
    },
  );

  app.get(
    path,
    {
      schema: {
        tags,
        summary: "The user's favourites",
        querystring: Type.Object({ type: Type.Optional(Kind), page: Page, size: Size }),
        response: envelopeResponses(FavouriteList),
      },
    },
    async (request) => {
      const userId = await signedIn(request);
      const { type, page, size } = request.query;
      return ok(await listFavourites(ctx.db, ctx.data.snapshot, userId, type, page, size));
    },
  );
};
