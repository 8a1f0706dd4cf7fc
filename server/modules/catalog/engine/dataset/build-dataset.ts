// Builds a Dataset from import records (an NDJSON import, or rows read back from the
// database at boot): later records with the same key replace earlier ones, so loading the
// same lines twice gives the same dataset. Daily values land straight in growable typed
// arrays, keyed by id, so records may come in any order. References to entities that never
// arrive are reported as problems, and the record is kept (totals simply skip the link).
import type { Category } from "../model/categories";
import {
  ENTITY_KINDS,
  type EntityKind,
  type GoodsProfile,
  type HashtagProfile,
  type InfluencerProfile,
  type MusicProfile,
  type ShopProfile,
  type ShowcaseLink,
  type VideoProfile,
} from "../model/entities";
import { MARKETS, type Market } from "../model/markets";
import { SERIES_METRICS, type MetricOf } from "../model/metrics";
import { DAILY_ENTITY_OF_KIND, KIND_OF_DAILY_ENTITY, type DailyRecord, type ImportRecord } from "../import/format";
import { SeriesBuilder } from "../series/series-table";
import { daysBetween } from "../time";
import type { Calendar, Dataset, DatasetSeries } from "./dataset";
import { deriveStats } from "./derive-stats";

export interface BuildProblem {
  /** e.g. "video v000001". */
  subject: string;
  reason: string;
}

export interface BuildResult {
  dataset: Dataset;
  problems: BuildProblem[];
}

/** Daily values by id for one kind, before entity rows are known. */
class DailyStore {
  private readonly rowOf = new Map<string, number>();
  private capacity = 0;
  private values: Float64Array[];

  constructor(
    private readonly metrics: readonly string[],
    private readonly days: number,
  ) {
    this.values = metrics.map(() => new Float64Array(0));
  }

  ids(): IterableIterator<string> {
    return this.rowOf.keys();
  }

  private row(id: string): number {
    let row = this.rowOf.get(id);
    if (row === undefined) {
      row = this.rowOf.size;
      this.rowOf.set(id, row);
      if (row >= this.capacity) this.grow(Math.max(64, this.capacity * 2));
    }
    return row;
  }

  private grow(capacity: number): void {
    this.values = this.values.map((old) => {
      const next = new Float64Array(capacity * this.days);
      next.set(old);
      return next;
    });
    this.capacity = capacity;
  }

  set(id: string, day: number, metrics: Record<string, number>): void {
    const row = this.row(id);
    for (let m = 0; m < this.metrics.length; m++) {
      const value = metrics[this.metrics[m]];
      if (value !== undefined) this.values[m][row * this.days + day] = value;
    }
  }

  copyInto<M extends string>(builder: SeriesBuilder<M>, rowOfId: ReadonlyMap<string, number>): void {
    for (const [id, source] of this.rowOf) {
      const target = rowOfId.get(id);
      if (target === undefined) continue;
      this.metrics.forEach((metric, m) => {
        builder.setRow(metric as M, target, this.values[m].subarray(source * this.days, (source + 1) * this.days));
      });
    }
  }
}

export function buildDataset(records: Iterable<ImportRecord>, calendar: Calendar): BuildResult {
  const problems: BuildProblem[] = [];
  const markets = new Map<string, Market>(MARKETS.map((m) => [m.code, { ...m }]));
  const categories = new Map<number, Category>();
  const shops = new Map<string, ShopProfile>();
  const entities = {
    goods: new Map<string, GoodsProfile>(),
    influencers: new Map<string, InfluencerProfile>(),
    videos: new Map<string, VideoProfile>(),
    music: new Map<string, MusicProfile>(),
    hashtags: new Map<string, HashtagProfile>(),
  };
  const showcase = new Map<string, ShowcaseLink>();
  const daily = Object.fromEntries(
    ENTITY_KINDS.map((kind) => [kind, new DailyStore(SERIES_METRICS[kind], calendar.days)]),
  ) as Record<EntityKind, DailyStore>;

  const dayOfDate = new Map<string, number>();
  const addDaily = (record: DailyRecord) => {
    let day = dayOfDate.get(record.date);
    if (day === undefined) dayOfDate.set(record.date, (day = daysBetween(calendar.startDate, record.date)));
    if (day < 0 || day >= calendar.days) {
      problems.push({
        subject: `daily ${record.entity} ${record.id} ${record.date}`,
        reason: `date outside ${calendar.startDate}..${calendar.endDate}`,
      });
      return;
    }
    daily[KIND_OF_DAILY_ENTITY[record.entity]].set(record.id, day, record.metrics);
  };

  for (const record of records) {
    switch (record.type) {
      case "market": {
        const { type: _, ...market } = record;
        markets.set(market.code, market);
        break;
      }
      case "category": {
        const { type: _, ...category } = record;
        categories.set(category.id, category);
        break;
      }
      case "shop": {
        const { type: _, ...shop } = record;
        shops.set(shop.id, shop);
        break;
      }
      case "goods": {
        const { type: _, ...goods } = record;
        entities.goods.set(goods.id, goods);
        break;
      }
      case "influencer": {
        const { type: _, ...influencer } = record;
        entities.influencers.set(influencer.id, influencer);
        break;
      }
      case "video": {
        const { type: _, ...video } = record;
        entities.videos.set(video.id, video);
        break;
      }
      case "music": {
        const { type: _, ...music } = record;
        entities.music.set(music.id, music);
        break;
      }
      case "hashtag": {
        const { type: _, ...hashtag } = record;
        entities.hashtags.set(hashtag.id, hashtag);
        break;
      }
      case "link":
        showcase.set(`${record.influencerId}\u0000${record.goodsId}`, {
          influencerId: record.influencerId,
          goodsId: record.goodsId,
        });
        break;
      case "daily":
        addDaily(record);
        break;
    }
  }

  const check = (subject: string, ok: boolean, reason: string) => {
    if (!ok) problems.push({ subject, reason });
  };
  for (const category of categories.values()) {
    check(
      `category ${category.id}`,
      category.parentId === null || categories.has(category.parentId),
      `unknown parent category ${category.parentId}`,
    );
  }
  for (const shop of shops.values())
    check(`shop ${shop.id}`, categories.has(shop.categoryId), `unknown category ${shop.categoryId}`);
  for (const goods of entities.goods.values()) {
    check(`goods ${goods.id}`, shops.has(goods.shopId), `unknown shop ${goods.shopId}`);
    check(`goods ${goods.id}`, categories.has(goods.categoryId), `unknown category ${goods.categoryId}`);
  }
  for (const influencer of entities.influencers.values()) {
    check(
      `influencer ${influencer.id}`,
      categories.has(influencer.categoryId),
      `unknown category ${influencer.categoryId}`,
    );
  }
  for (const video of entities.videos.values()) {
    const subject = `video ${video.id}`;
    check(subject, entities.influencers.has(video.influencerId), `unknown influencer ${video.influencerId}`);
    if (video.goodsId !== null) check(subject, entities.goods.has(video.goodsId), `unknown goods ${video.goodsId}`);
    if (video.musicId !== null) check(subject, entities.music.has(video.musicId), `unknown music ${video.musicId}`);
    for (const hashtagId of video.hashtagIds)
      check(subject, entities.hashtags.has(hashtagId), `unknown hashtag ${hashtagId}`);
  }
  for (const link of showcase.values()) {
    const subject = `link ${link.influencerId} -> ${link.goodsId}`;
    check(
      subject,
      entities.influencers.has(link.influencerId) && entities.goods.has(link.goodsId),
      "unknown influencer or goods",
    );
  }

  const series = {} as Record<EntityKind, unknown>;
  for (const kind of ENTITY_KINDS) {
    const ids = [...entities[kind].keys()];
    const rowOfId = new Map(ids.map((id, row) => [id, row]));
    for (const id of daily[kind].ids()) {
      if (!rowOfId.has(id))
        problems.push({
          subject: `daily ${DAILY_ENTITY_OF_KIND[kind]} ${id}`,
          reason: `no ${DAILY_ENTITY_OF_KIND[kind]} with this id`,
        });
    }
    const builder = new SeriesBuilder<MetricOf<typeof kind>>(
      SERIES_METRICS[kind],
      ids.length,
      calendar.startDate,
      calendar.days,
    );
    daily[kind].copyInto(builder, rowOfId);
    series[kind] = builder.build();
  }

  const dataset = deriveStats({
    calendar,
    markets: [...markets.values()],
    categories: [...categories.values()],
    shops: [...shops.values()],
    goods: [...entities.goods.values()],
    influencers: [...entities.influencers.values()],
    videos: [...entities.videos.values()],
    music: [...entities.music.values()],
    hashtags: [...entities.hashtags.values()],
    showcase: [...showcase.values()],
    series: series as unknown as DatasetSeries,
  });
  return { dataset, problems };
}
