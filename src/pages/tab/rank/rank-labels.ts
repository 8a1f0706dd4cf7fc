// Names of the list tabs (entities), rank types and windows (daily, 3-day,
// weekly, monthly), and how the /rank query is read: unknown values fall back to the defaults
// (influencers, the entity's first rank type, 24h, the chosen market). The market (country),
// sort and filters (rank-view.ts) are part of the URL so a shared link opens the same view.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ENTITY_KINDS, isMarket, type EntityKind, type Market } from "../../../api/entities";
import { figuresOf } from "../../../components/figures";
import { readRankView, rankViewQuery, type RankView } from "./rank-view";
import { RANK_TYPES, RANK_WINDOWS, type RankWindow } from "../../../api/rank";

export const ENTITY_LABELS: Record<EntityKind, MessageDescriptor> = {
  goods: msg`Products`,
  influencers: msg`Influencers`,
  videos: msg`Videos`,
  music: msg`Music`,
  hashtags: msg`Hashtags`,
};

/** The tabs' order on screen. */
export const RANK_TABS: readonly EntityKind[] = ["goods", "influencers", "videos", "music", "hashtags"];

export const RANK_TYPE_LABELS: Record<EntityKind, Record<string, MessageDescriptor>> = {
  goods: {
    "top-sale": msg`Top sales`,
    breakout: msg`Breakout`,
    new: msg`New products`,
    "hot-promoted": msg`Most promoted`,
  },
  influencers: {
    breakout: msg`Breakout`,
    sales: msg`Top sales`,
    "follower-growth": msg`Follower growth`,
    commission: msg`Commission`,
  },
  videos: { hot: msg`Hot videos`, sales: msg`Top sales` },
  music: { hot: msg`Hot`, rising: msg`Rising` },
  hashtags: { hot: msg`Hot`, rising: msg`Rising` },
};

export const WINDOW_LABELS: Record<RankWindow, MessageDescriptor> = {
  "24h": msg`Daily`,
  "3d": msg`3 days`,
  "7d": msg`Weekly`,
  "30d": msg`Monthly`,
};

export const DEFAULT_ENTITY: EntityKind = "influencers";

export interface RankSelection {
  entity: EntityKind;
  rankType: string;
  window: RankWindow;
  categoryId: number | null;
  /** The market the URL names; null: the market chosen in the app. */
  country: Market | null;
  view: RankView;
}

const isEntity = (value: string | null): value is EntityKind =>
  (ENTITY_KINDS as readonly (string | null)[]).includes(value);
const isWindow = (value: string | null): value is RankWindow =>
  (RANK_WINDOWS as readonly (string | null)[]).includes(value);

/** The list a /rank query asks for (query keys type, rankType, window, category, country, view). */
export function readRankQuery(search: string): RankSelection {
  const query = new URLSearchParams(search);
  const type = query.get("type");
  const entity = isEntity(type) ? type : DEFAULT_ENTITY;
  const types: readonly string[] = RANK_TYPES[entity];
  const rankType = query.get("rankType");
  const window = query.get("window");
  const category = Number(query.get("category"));
  const country = query.get("country");
  const listType = rankType && types.includes(rankType) ? rankType : types[0];
  const view = readRankView(search, entity);
  // Only a figure the list shows sorts it (another list's figure, from an old link, is dropped).
  if (!figuresOf(entity, listType).some((figure) => figure.key === view.sort)) view.sort = null;
  return {
    entity,
    rankType: listType,
    window: isWindow(window) ? window : "24h",
    categoryId: Number.isInteger(category) && category > 0 ? category : null,
    country: isMarket(country) ? country : null,
    view,
  };
}

/** The /rank query of a selection (the entity's default rank type is still written out). */
export function rankQuery(selection: RankSelection): Record<string, string> {
  const query: Record<string, string> = {
    type: selection.entity,
    rankType: selection.rankType,
    window: selection.window,
  };
  if (selection.categoryId !== null) query.category = String(selection.categoryId);
  if (selection.country !== null) query.country = selection.country;
  return { ...query, ...rankViewQuery(selection.view) };
}
