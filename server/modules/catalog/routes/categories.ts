// GET /api/v1/product/categories: the category tree (top-level groups with their leaves) named
// in the caller's language (x-language: zh or zh_CN, en, vi, id, th; anything else English),
// as used by the list filter `category_id`. Read from the categories table and kept as a
// serialized body per data version and language (the detail answers' LRU, detail-answers.ts).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses } from "../../../lib/api";
import { Nullable } from "../schemas";
import { UI_LOCALES, type Category, type UiLocale } from "../engine";
import { readCategories } from "../store/categories-sql";
import { SELF_COMPRESSED, sendCached } from "./cached-body";
import type { DataContext } from "./context";
import { LANGUAGE_HEADER } from "../../../../contract/http-headers";

const Leaf = Type.Object({ id: Type.Integer(), parent_id: Nullable(Type.Integer()), name: Type.String() });
const Node = Type.Object({ ...Leaf.properties, children: Type.Array(Leaf) });

/** x-language to a catalogue locale: the spec sends zh as zh_CN. */
export function localeOf(header: string | string[] | undefined): UiLocale {
  const prefix = (typeof header === "string" ? header : "").trim().toLowerCase().split(/[-_]/)[0];
  return (UI_LOCALES as readonly string[]).includes(prefix ?? "") ? (prefix as UiLocale) : "en";
}

export const categoryRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  app.get(
    "/api/v1/product/categories",
    {
      ...SELF_COMPRESSED,
      schema: { tags: ["catalog"], summary: "Product categories", response: envelopeResponses(Type.Array(Node)) },
    },
    async (request, reply) => {
      const locale = localeOf(request.headers[LANGUAGE_HEADER]);
      const key = `${ctx.data.snapshot.dataVersion}|categories|${locale}`;
      // Read only on a miss; no await between the check and sendCached otherwise.
      const categories = ctx.details.bodies.has(key) ? [] : await readCategories(ctx.db);
      const named = (c: Category) => ({ id: c.id, parent_id: c.parentId, name: c.names[locale] ?? c.names.en });
      const tops = categories.filter((c) => c.parentId === null || !categories.some((p) => p.id === c.parentId));
      return sendCached(request, reply, ctx.details.bodies, key, () =>
        tops.map((top) => ({ ...named(top), children: categories.filter((c) => c.parentId === top.id).map(named) })),
      );
    },
  );
};
