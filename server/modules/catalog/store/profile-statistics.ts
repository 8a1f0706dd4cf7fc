// Planner statistics of the catalogue's profiles and links (shops, goods, influencers, videos,
// music, hashtags, showcase links), gathered after a seed or an import wrote them, as
// analyzeBlocks (daily-figures.ts) gathers the month blocks': PGlite has no autovacuum, and a
// PostgreSQL without it (or before it gets there) plans with default estimates. Without them an
// influencer's detail counted its products with a hash join over every product (the planner took
// an influencer for 5,000 videos, the default share of an equality): 122 ms instead of about one
// at scale 50 (docs/scaling.md, "Planner statistics of the profiles").
import { getTableName, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { goods, hashtags, influencers, music, shops, showcaseLinks, videos } from "../../../db/schema";
import type { Queryable } from "./meta";

/** The columns the catalogue's reads filter, join and group on, per table (the only ones sampled). */
const KEY_COLUMNS: Array<[PgTable, PgColumn[]]> = [
  [shops, [shops.id, shops.market, shops.categoryId]],
  [goods, [goods.id, goods.market, goods.shopId, goods.categoryId]],
  [influencers, [influencers.id, influencers.market, influencers.categoryId]],
  [videos, [videos.id, videos.market, videos.influencerId, videos.goodsId, videos.musicId, videos.hashtagIds]],
  [music, [music.id, music.market]],
  [hashtags, [hashtags.id, hashtags.market]],
  [showcaseLinks, [showcaseLinks.influencerId, showcaseLinks.goodsId]],
];

/** Fresh planner statistics of the profile and link tables' key columns (KEY_COLUMNS). */
export async function analyzeProfiles(tx: Queryable): Promise<void> {
  const tables = KEY_COLUMNS.map(
    ([table, columns]) =>
      sql`${sql.identifier(getTableName(table))} (${sql.join(
        columns.map((column) => sql.identifier(column.name)),
        sql`, `,
      )})`,
  );
  await tx.execute(sql`ANALYZE ${sql.join(tables, sql`, `)}`);
}
