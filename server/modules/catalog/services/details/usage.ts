// The music and hashtag detail pages, derived from the videos that use the sound or tag:
// the card with its usage figures, the top videos by views, the goods those videos link and
// their authors (related products and influencers), and the daily rank history in the
// market's "hot" 24h list over the last 30 days of the data.
import { rankDefinition, type Dataset } from "../../engine";
import { apiFigures, goodsCard, hashtagCard, influencerCard, musicCard, videoCard } from "../present";
import type { DataSnapshot } from "../snapshot";
import { rowOf, topRows } from "./lookup";

export type UsageKind = "music" | "hashtags";

const RELATED = 10;
export const RANK_HISTORY_DAYS = 30;

/** Video rows using each music / hashtag row, built once per dataset. */
const usersByDataset = new WeakMap<Dataset, Record<UsageKind, number[][]>>();

function videoUsers(snapshot: DataSnapshot): Record<UsageKind, number[][]> {
  const { dataset } = snapshot;
  let users = usersByDataset.get(dataset);
  if (!users) {
    const music: number[][] = dataset.music.map(() => []);
    const hashtags: number[][] = dataset.hashtags.map(() => []);
    dataset.videos.forEach((video, v) => {
      const m = video.musicId === null ? undefined : snapshot.rows.music.get(video.musicId);
      if (m !== undefined) music[m].push(v);
      for (const tag of video.hashtagIds) {
        const h = snapshot.rows.hashtags.get(tag);
        if (h !== undefined) hashtags[h].push(v);
      }
    });
    users = { music, hashtags };
    usersByDataset.set(dataset, users);
  }
  return users;
}

/** Rank (1-based; null when not listed that day) in the market's hot list of each of the last days. */
export function rankHistory(snapshot: DataSnapshot, kind: UsageKind, row: number, days = RANK_HISTORY_DAYS) {
  const { dataset, rank } = snapshot;
  const hot = rankDefinition(kind, "hot");
  const market = rank.rowsByMarket[kind].get(dataset[kind][row].market) ?? [];
  const last = dataset.calendar.days - 1;
  const history = [];
  for (let day = Math.max(0, last - days + 1); day <= last; day++) {
    const window = { from: day, to: day, days: 1 };
    const own = hot.evaluate(rank, row, window);
    let position: number | null = null;
    if (own) {
      position = 1;
      const id = dataset[kind][row].id;
      for (const other of market) {
        if (other === row) continue;
        const theirs = hot.evaluate(rank, other, window);
        if (theirs && ahead(theirs.order, own.order, dataset[kind][other].id, id)) position++;
      }
    }
    history.push({ date: dataset.series[kind].dateOf(day), rank: position });
  }
  return history;
}

function ahead(a: readonly number[], b: readonly number[], idA: string, idB: string): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return idA < idB;
}

export function usageDetail(snapshot: DataSnapshot, kind: UsageKind, id: string) {
  const row = rowOf(snapshot, kind, id);
  const { dataset, rank } = snapshot;
  const videos = videoUsers(snapshot)[kind][row];
  const goods = new Set<number>();
  const influencers = new Set<number>();
  for (const v of videos) {
    if (rank.videoGoodsRow[v] >= 0) goods.add(rank.videoGoodsRow[v]);
    if (rank.videoInfluencerRow[v] >= 0) influencers.add(rank.videoInfluencerRow[v]);
  }
  const card = kind === "music" ? musicCard(dataset.music[row]) : hashtagCard(dataset.hashtags[row]);
  return {
    overview: { ...card, ...apiFigures({ ...dataset[kind][row].stats }) },
    top_videos: topRows(videos, (v) => dataset.videos[v].stats.views, RELATED).map((v) =>
      videoCard(snapshot, dataset.videos[v]),
    ),
    related_goods: topRows([...goods], (g) => dataset.goods[g].stats.totalSales, RELATED).map((g) =>
      goodsCard(snapshot, dataset.goods[g]),
    ),
    related_influencers: topRows([...influencers], (i) => dataset.influencers[i].stats.followers, RELATED).map((i) =>
      influencerCard(dataset.influencers[i]),
    ),
    rank_history: rankHistory(snapshot, kind, row),
  };
}
