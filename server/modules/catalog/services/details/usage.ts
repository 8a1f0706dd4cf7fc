// The music and hashtag detail pages, derived from the videos that use the sound or tag: the card
// with its usage figures, the top videos by views, the goods those videos link and their authors
// (related products and influencers), and the daily rank history in the market's "hot" 24h list
// over the last 30 days of the data; read from the database (store/*-sql.ts) in five statements
// run side by side (the entity, each related list's first page with its cards, the rank
// history). Undefined for an id not stored.
import type { Calendar } from "../../engine";
import { readRelatedCards } from "../../store/cards-sql";
import { readEntity } from "../../store/entity-stats-sql";
import type { Queryable } from "../../store/meta";
import { readRankHistory } from "../../store/rank-history-sql";
import { usageGoods, usageInfluencers, usageVideos, type UsageKind } from "../../store/related-sql";
import { apiFigures, hashtagCard, musicCard } from "../present";
import { RELATED } from "./goods";

export async function usageDetail(db: Queryable, calendar: Calendar, kind: UsageKind, id: string) {
  const [entity, videos, goods, influencers, history] = await Promise.all([
    readEntity(db, calendar, kind, id),
    readRelatedCards(db, calendar, usageVideos(kind, id), RELATED).then((page) => page.cards),
    readRelatedCards(db, calendar, usageGoods(kind, id), RELATED).then((page) => page.cards),
    readRelatedCards(db, calendar, usageInfluencers(kind, id), RELATED).then((page) => page.cards),
    readRankHistory(db, calendar, kind, id),
  ]);
  if (!entity) return undefined;
  const card = "name" in entity ? hashtagCard(entity) : musicCard(entity);
  return {
    overview: { ...card, ...apiFigures({ ...entity.stats }) },
    top_videos: videos,
    related_goods: goods,
    related_influencers: influencers,
    rank_history: history ?? [],
  };
}
