// One batch of an import: validated lines gathered by key (a later line with the same key
// replaces an earlier one, daily lines merge per metric), bad lines kept with their line
// number and reason. Nothing touches the database here.
import type {
  Category,
  DailyEntity,
  GoodsProfile,
  HashtagProfile,
  ImportRecord,
  InfluencerProfile,
  LineResult,
  Market,
  MusicProfile,
  ShopProfile,
  VideoProfile,
} from "../engine";

export interface BadLine {
  line: number;
  reason: string;
}

export interface Collected {
  lines: number;
  good: number;
  bad: BadLine[];
  counts: Partial<Record<ImportRecord["type"], number>>;
  markets: Map<string, Market>;
  categories: Map<number, Category>;
  shops: Map<string, ShopProfile>;
  goods: Map<string, GoodsProfile>;
  influencers: Map<string, InfluencerProfile>;
  videos: Map<string, VideoProfile>;
  music: Map<string, MusicProfile>;
  hashtags: Map<string, HashtagProfile>;
  links: Map<string, { influencerId: string; goodsId: string }>;
  /** entity -> id -> date -> metrics (merged). */
  daily: Map<DailyEntity, Map<string, Map<string, Record<string, number>>>>;
}

function strip<T extends { type: string }>(record: T): Omit<T, "type"> {
  const { type: _type, ...rest } = record;
  return rest;
}

export function collect(lines: Iterable<LineResult>): Collected {
  const c: Collected = {
    lines: 0,
    good: 0,
    bad: [],
    counts: {},
    markets: new Map(),
    categories: new Map(),
    shops: new Map(),
    goods: new Map(),
    influencers: new Map(),
    videos: new Map(),
    music: new Map(),
    hashtags: new Map(),
    links: new Map(),
    daily: new Map(),
  };
  for (const result of lines) {
    c.lines = result.line;
    if (!result.ok) {
      c.bad.push({ line: result.line, reason: result.reason });
      continue;
    }
    c.good++;
    const record = result.record;
    c.counts[record.type] = (c.counts[record.type] ?? 0) + 1;
    switch (record.type) {
      case "market":
        c.markets.set(record.code, strip(record));
        break;
      case "category":
        c.categories.set(record.id, strip(record));
        break;
      case "shop":
        c.shops.set(record.id, strip(record));
        break;
      case "goods":
        c.goods.set(record.id, strip(record));
        break;
      case "influencer":
        c.influencers.set(record.id, strip(record));
        break;
      case "video":
        c.videos.set(record.id, strip(record));
        break;
      case "music":
        c.music.set(record.id, strip(record));
        break;
      case "hashtag":
        c.hashtags.set(record.id, strip(record));
        break;
      case "link":
        c.links.set(`${record.influencerId}\u0000${record.goodsId}`, {
          influencerId: record.influencerId,
          goodsId: record.goodsId,
        });
        break;
      case "daily": {
        let byId = c.daily.get(record.entity);
        if (!byId) c.daily.set(record.entity, (byId = new Map<string, Map<string, Record<string, number>>>()));
        let byDate = byId.get(record.id);
        if (!byDate) byId.set(record.id, (byDate = new Map<string, Record<string, number>>()));
        byDate.set(record.date, { ...byDate.get(record.date), ...record.metrics });
        break;
      }
    }
  }
  return c;
}
