// Link previews of detail pages (Open Graph and Twitter cards): the title, a line of key
// figures and the thumbnail's path of a goods, influencer or video id, read from the database
// by key (a goods' card, store/cards-sql.ts; an influencer or video with its stats,
// store/entity-stats-sql.ts), or null for an id not stored. A preview is fetched by chat apps'
// crawlers, so it spends no detail view and needs no session. Plain English text; the caller
// escapes it for HTML.
import { readCards } from "../store/cards-sql";
import { readEntity } from "../store/entity-stats-sql";
import type { Queryable } from "../store/meta";
import type { DataSnapshot } from "./snapshot";

export const PREVIEW_KINDS = ["goods", "influencers", "videos"] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

export interface DetailPreview {
  title: string;
  description: string;
  /** Site-relative path of the thumbnail (/api/v1/images/...). */
  image: string;
}

const count = (value: number) => Math.round(value).toLocaleString("en-US");
/** A price in major units (the card's) with its currency. */
const amount = (price: number, currency: string) =>
  `${price.toLocaleString("en-US", { maximumFractionDigits: 2 })} ${currency}`;

/** The preview of `id` over the snapshot's calendar, or null when it is not stored. */
export async function detailPreview(
  db: Queryable,
  snapshot: DataSnapshot,
  kind: PreviewKind,
  id: string,
): Promise<DetailPreview | null> {
  const calendar = snapshot.calendar;
  switch (kind) {
    case "goods": {
      const [goods] = await readCards(db, calendar, "goods", [id]);
      if (!goods) return null;
      const figures = [
        `Price ${amount(goods.price, goods.currency)}`,
        `Total sales ${count(goods.total_sales)}`,
        goods.shop_name ? `Shop ${goods.shop_name}` : null,
      ];
      return {
        title: goods.title,
        description: figures.filter((text) => text !== null).join(" · "),
        image: goods.cover_large_privatization,
      };
    }
    case "influencers": {
      const person = await readEntity(db, calendar, "influencers", id);
      if (!person) return null;
      return {
        title: `${person.nickname} (@${person.handle})`,
        description: [
          `Followers ${count(person.stats.followers)}`,
          `Total sales ${count(person.stats.totalSales)}`,
          `Market ${person.market}`,
        ].join(" · "),
        image: person.images.avatarLargerPrivatization,
      };
    }
    case "videos": {
      const video = await readEntity(db, calendar, "videos", id);
      if (!video) return null;
      return {
        title: video.title,
        description: [
          `Views ${count(video.stats.views)}`,
          `Likes ${count(video.stats.likes)}`,
          `Sales ${count(video.stats.salesVolume)}`,
        ].join(" · "),
        image: video.images.coverLargePrivatization,
      };
    }
  }
}
