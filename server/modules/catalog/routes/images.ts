// GET /api/v1/images/{kind}/{id}.webp?w=360|64: the thumbnails every image field points to,
// drawn from the id (modules/catalog/images/draw.ts): width 360 for content (goods, videos, music) and 64
// for avatars (influencers, shops) by default, WebP quality 75, kept in a memory LRU and sent
// with a long Cache-Control. Browsers load them from <img>, so no system-id header is needed
// (plugins/system-id.ts exempts the prefix). Unknown kinds and ids answer a JSON 404: whether an
// id is stored is read by primary key (store/stored-ids.ts) and the answer kept per data
// version in a small LRU, as images are asked for many times over.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { ErrorEnvelope } from "../../../lib/api";
import { DomainError } from "../../../lib/domain-error";
import { IMAGE_KINDS, THUMBNAIL_WIDTH, type EntityKind, type ImageKind } from "../engine";
import { drawImage } from "../images/draw";
import { Lru, MB, stringBytes } from "../../../lib/lru";
import { isStored } from "../store/stored-ids";
import type { DataContext } from "./context";

export const IMAGE_PREFIX = "/api/v1/images/";
// Drawn from the id alone, so a cached copy never goes stale: 30 days, immutable.
const CACHE_CONTROL = "public, max-age=2592000, immutable";
// ~2-10 KB per image: some 5,000 images.
const IMAGE_CACHE_BYTES = 32 * MB;
// ~100 bytes per answer: some 10,000 ids.
const KNOWN_CACHE_BYTES = MB;

const ENTITY_OF_IMAGE: Record<ImageKind, EntityKind | "shops"> = {
  goods: "goods",
  shop: "shops",
  influencer: "influencers",
  video: "videos",
  "video-origin": "videos",
  music: "music",
};
const AVATARS: readonly ImageKind[] = ["shop", "influencer"];

export const imageRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  const cache = new Lru<string, Buffer>({ maxBytes: IMAGE_CACHE_BYTES, sizeOf: (image) => image.length });
  // "dataVersion|table|id" -> whether the id is stored (keys of older data versions age out).
  const known = new Lru<string, boolean>({ maxBytes: KNOWN_CACHE_BYTES, sizeOf: (_, key) => stringBytes(key) + 16 });
  const isKnown = async (table: EntityKind | "shops", id: string) => {
    const key = `${ctx.data.snapshot.dataVersion}|${table}|${id}`;
    let stored = known.get(key);
    if (stored === undefined) known.set(key, (stored = await isStored(ctx.db, table, id)));
    return stored;
  };
  app.get(
    `${IMAGE_PREFIX}:kind/:file`,
    {
      schema: {
        tags: ["images"],
        summary: "Thumbnail (WebP)",
        params: Type.Object({ kind: Type.String({ maxLength: 20 }), file: Type.String({ maxLength: 80 }) }),
        querystring: Type.Object({
          w: Type.Optional(
            Type.Union([Type.Literal(360), Type.Literal(64)], {
              description: "Width; default 360 for content, 64 for avatars",
            }),
          ),
        }),
        response: {
          200: Type.Unsafe<Buffer>({ type: "string", format: "binary", description: "image/webp" }),
          "4xx": ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      if (!(IMAGE_KINDS as readonly string[]).includes(kind))
        throw new DomainError(404, `Unknown image kind '${kind.slice(0, 20)}'; kinds: ${IMAGE_KINDS.join(", ")}`);
      const imageKind = kind as ImageKind;
      const id = file.endsWith(".webp") ? decodeURIComponent(file.slice(0, -5)) : null;
      if (id === null || !(await isKnown(ENTITY_OF_IMAGE[imageKind], id)))
        throw new DomainError(404, "Image not found");
      const width = request.query.w ?? (AVATARS.includes(imageKind) ? THUMBNAIL_WIDTH.avatar : THUMBNAIL_WIDTH.content);
      const key = `${imageKind}/${id}/${width}`;
      let image = cache.get(key);
      if (!image) {
        image = await drawImage(imageKind, id, width);
        cache.set(key, image);
      }
      return reply.type("image/webp").header("cache-control", CACHE_CONTROL).send(image);
    },
  );
};
