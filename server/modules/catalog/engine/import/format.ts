// The NDJSON import format (docs/data-format.md): one JSON object per line, told apart by
// `type`. Entity lines carry profiles (the same shapes as model/entities.ts) and daily lines
// carry metrics; totals are never imported, they are derived from the daily lines.
import type { Category } from "../model/categories";
import type {
  EntityKind,
  GoodsProfile,
  HashtagProfile,
  Id,
  InfluencerProfile,
  MusicProfile,
  ShopProfile,
  VideoProfile,
} from "../model/entities";
import type { Market } from "../model/markets";
import type { BusinessDate } from "../time";

export const IMPORT_TYPES = [
  "market",
  "category",
  "shop",
  "goods",
  "influencer",
  "video",
  "music",
  "hashtag",
  "daily",
  "link",
] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** The `entity` of a daily line: the singular line type of an entity with series. */
export const DAILY_ENTITIES = ["goods", "influencer", "video", "music", "hashtag"] as const;
export type DailyEntity = (typeof DAILY_ENTITIES)[number];

export const KIND_OF_DAILY_ENTITY: Readonly<Record<DailyEntity, EntityKind>> = {
  goods: "goods",
  influencer: "influencers",
  video: "videos",
  music: "music",
  hashtag: "hashtags",
};
export const DAILY_ENTITY_OF_KIND: Readonly<Record<EntityKind, DailyEntity>> = {
  goods: "goods",
  influencers: "influencer",
  videos: "video",
  music: "music",
  hashtags: "hashtag",
};

export const LINK_RELATIONS = ["influencer-goods"] as const;
export type LinkRelation = (typeof LINK_RELATIONS)[number];

export type MarketRecord = { type: "market" } & Market;
export type CategoryRecord = { type: "category" } & Category;
export type ShopRecord = { type: "shop" } & ShopProfile;
export type GoodsRecord = { type: "goods" } & GoodsProfile;
export type InfluencerRecord = { type: "influencer" } & InfluencerProfile;
export type VideoRecord = { type: "video" } & VideoProfile;
export type MusicRecord = { type: "music" } & MusicProfile;
export type HashtagRecord = { type: "hashtag" } & HashtagProfile;

export interface DailyRecord {
  type: "daily";
  entity: DailyEntity;
  id: Id;
  date: BusinessDate;
  /** A subset of the entity's metrics (model/metrics.ts); non-negative integers. */
  metrics: Record<string, number>;
}

export interface LinkRecord {
  type: "link";
  relation: LinkRelation;
  influencerId: Id;
  goodsId: Id;
}

export type EntityRecord =
  | MarketRecord
  | CategoryRecord
  | ShopRecord
  | GoodsRecord
  | InfluencerRecord
  | VideoRecord
  | MusicRecord
  | HashtagRecord;
export type ImportRecord = EntityRecord | DailyRecord | LinkRecord;
