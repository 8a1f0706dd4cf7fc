// Link previews of detail pages (Open Graph and Twitter cards): the title, a line of key
// figures and the thumbnail's path of a goods, influencer or video id in the current snapshot,
// or null for an unknown id. Read straight from the snapshot: a preview is fetched by chat
// apps' crawlers, so it spends no detail view and needs no session. Plain English text; the
// caller escapes it for HTML.
import { marketOf } from "../engine";
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
const amount = (cents: number, currency: string) =>
  `${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })} ${currency}`;

export function detailPreview(snapshot: DataSnapshot, kind: PreviewKind, id: string): DetailPreview | null {
  const row = snapshot.rows[kind].get(id);
  if (row === undefined) return null;
  switch (kind) {
    case "goods": {
      const goods = snapshot.dataset.goods[row];
      const shop = snapshot.shops.get(goods.shopId)?.name;
      const figures = [
        `Price ${amount(goods.price, marketOf(goods.market).currency)}`,
        `Total sales ${count(goods.stats.totalSales)}`,
        shop ? `Shop ${shop}` : null,
      ];
      return {
        title: goods.title,
        description: figures.filter((text) => text !== null).join(" · "),
        image: goods.images.coverLargePrivatization,
      };
    }
    case "influencers": {
      const person = snapshot.dataset.influencers[row];
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
      const video = snapshot.dataset.videos[row];
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
