// The in-memory dataset the engine works on: entity records, their daily series and links,
// over one calendar of complete business days. `DatasetCore` is what sources provide
// (profiles + series); `Dataset` adds the derived stats and image paths (derive-stats.ts).
// The generator, the NDJSON builder and phase-2's database loader all meet here.
import type { Category } from "../model/categories";
import type {
  Goods,
  GoodsProfile,
  Hashtag,
  HashtagProfile,
  Influencer,
  InfluencerProfile,
  Music,
  MusicProfile,
  Shop,
  ShopProfile,
  ShowcaseLink,
  Video,
  VideoProfile,
} from "../model/entities";
import type { Market } from "../model/markets";
import type { MetricOf } from "../model/metrics";
import type { SeriesTable } from "../series/series-table";
import { addDays, type BusinessDate } from "../time";

/** The days a dataset covers: `days` complete business days ending on `endDate`. */
export interface Calendar {
  startDate: BusinessDate;
  endDate: BusinessDate;
  days: number;
}

export function calendarEndingOn(endDate: BusinessDate, days: number): Calendar {
  return { startDate: addDays(endDate, -(days - 1)), endDate, days };
}

/** One series table per kind; row i is the i-th entity of the kind's array. */
export interface DatasetSeries {
  goods: SeriesTable<MetricOf<"goods">>;
  influencers: SeriesTable<MetricOf<"influencers">>;
  videos: SeriesTable<MetricOf<"videos">>;
  music: SeriesTable<MetricOf<"music">>;
  hashtags: SeriesTable<MetricOf<"hashtags">>;
}

export interface DatasetCore {
  calendar: Calendar;
  markets: Market[];
  categories: Category[];
  shops: ShopProfile[];
  goods: GoodsProfile[];
  influencers: InfluencerProfile[];
  videos: VideoProfile[];
  music: MusicProfile[];
  hashtags: HashtagProfile[];
  showcase: ShowcaseLink[];
  series: DatasetSeries;
}

export interface Dataset extends Omit<
  DatasetCore,
  "shops" | "goods" | "influencers" | "videos" | "music" | "hashtags"
> {
  shops: Shop[];
  goods: Goods[];
  influencers: Influencer[];
  videos: Video[];
  music: Music[];
  hashtags: Hashtag[];
}

/** Row index by id for one entity array. */
export function rowIndex(entities: readonly { id: string }[]): Map<string, number> {
  return new Map(entities.map((entity, row) => [entity.id, row]));
}
