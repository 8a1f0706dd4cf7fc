// Links to the detail pages: the public path with the item's id in the query.
import type { DetailEntity, EntityKind } from "../api/entities";
import { hrefFor, type RouteName } from "./paths";

const DETAIL_ROUTES: Record<DetailEntity, RouteName> = {
  goods: "goodsDetail",
  influencers: "influencersDetail",
  videos: "videoDetail",
};

export const hasDetailPage = (entity: EntityKind): entity is DetailEntity => entity in DETAIL_ROUTES;

export function detailHref(entity: DetailEntity, id: string): string {
  return hrefFor(DETAIL_ROUTES[entity], { id });
}
