// The influencer detail page: profile (bio, commission rate, price and the counts of the
// entity), basic analysis over the last 30 days, product list, video list (all, with products,
// without products) and the calendar of a month (posts and sales per day), read from the
// database (store/*-sql.ts; the calendar is store/influencer-sql.ts readInfluencerCalendar): the
// page in three statements run side by side (the influencer with its stats, the analysis, the
// first page of products with their cards), a video page in one (readRelatedCards). Undefined
// for an id not stored.
import type { Calendar } from "../../engine";
import { readRelatedCards } from "../../store/cards-sql";
import { readEntity } from "../../store/entity-stats-sql";
import { readInfluencerAnalysis } from "../../store/influencer-sql";
import type { Queryable } from "../../store/meta";
import { influencerGoods, influencerVideos as influencerVideoPage, type VideoFilter } from "../../store/related-sql";
import { influencerProfile } from "../present";

export { VIDEO_FILTERS, type VideoFilter } from "../../store/related-sql";

const PRODUCTS = { limit: 20, offset: 0 };

export async function influencerDetail(db: Queryable, calendar: Calendar, id: string) {
  const [influencer, analysis, products] = await Promise.all([
    readEntity(db, calendar, "influencers", id),
    readInfluencerAnalysis(db, calendar, id),
    readRelatedCards(db, calendar, influencerGoods(id), PRODUCTS).then((page) => page.cards),
  ]);
  if (!influencer || !analysis) return undefined;
  return {
    profile: influencerProfile(influencer),
    basic_analysis: analysis,
    products,
  };
}

/** The influencer's videos, newest first, optionally only those with (or without) a product. */
export async function influencerVideos(
  db: Queryable,
  calendar: Calendar,
  id: string,
  filter: VideoFilter,
  page: number,
  size: number,
) {
  const range = { limit: size, offset: (page - 1) * size };
  const videos = await readRelatedCards(db, calendar, influencerVideoPage(id, filter), range);
  return { list: videos.cards, total: videos.total, page, size, filter };
}
