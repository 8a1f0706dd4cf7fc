// Links to the detail pages: the public path with the item's id in the query. Every entity kind
// has a page (and can be a favourite); goods, influencers and videos are the "full" details
// (hearts on list rows, the rank page's side pane), music and hashtags have pages of their own
// without those.
import type { DetailEntity, EntityKind } from "../api/entities";
import { hrefFor, type RouteName } from "./paths";

const DETAIL_ROUTES: Record<EntityKind, RouteName> = {
  goods: "goodsDetail",
  influencers: "influencersDetail",
  videos: "videoDetail",
  music: "musicDetail",
  hashtags: "hashtagDetail",
};

/** Goods, influencers and videos: the kinds with hearts on list rows and the rank page's side pane. */
export const hasDetailPage = (entity: EntityKind): entity is DetailEntity =>
  entity === "goods" || entity === "influencers" || entity === "videos";

export function detailHref(entity: EntityKind, id: string): string {
  return hrefFor(DETAIL_ROUTES[entity], { id });
}
