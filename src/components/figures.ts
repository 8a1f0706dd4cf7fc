// The figures a list row shows for each entity and rank type (server: LIST_METRICS, rank
// definitions in docs/data-engine.md): the metric the list is ranked by first, then one more.
// Labels are descriptors, translated where shown (once per catalog); values go through lib/format.ts.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { EntityKind } from "../api/entities";
import { formatCount, formatMoney, formatRate } from "../lib/format";
import type { Locale } from "../i18n/locales";

export type FigureKind = "count" | "money" | "rate";

export interface Figure {
  key: string;
  label: MessageDescriptor;
  kind: FigureKind;
}

const figure = (key: string, label: MessageDescriptor, kind: FigureKind = "count"): Figure => ({ key, label, kind });

const SALES = figure("salesVolume", msg`Sales`);
const REVENUE = figure("revenue", msg`Revenue`, "money");
const VIEWS = figure("views", msg`Views`);
const USES = figure("uses", msg`Uses`);
const GROWTH = figure("growth", msg`Growth`, "rate");

export const RANK_FIGURES: Record<EntityKind, Record<string, readonly Figure[]>> = {
  goods: {
    "top-sale": [SALES, REVENUE],
    breakout: [figure("salesGrowth", msg`Sales growth`, "rate"), SALES],
    new: [SALES, REVENUE],
    "hot-promoted": [
      figure("promotingVideos", msg`Promoting videos`),
      figure("promotingInfluencers", msg`Influencers`),
    ],
  },
  influencers: {
    breakout: [
      figure("followerGrowthRate", msg`Follower growth`, "rate"),
      figure("followersGained", msg`New followers`),
    ],
    sales: [SALES, REVENUE],
    "follower-growth": [figure("followersGained", msg`New followers`), figure("followers", msg`Followers`)],
    commission: [
      figure("weightedCommissionRate", msg`Commission rate`, "rate"),
      figure("promotedRevenue", msg`Revenue`, "money"),
    ],
  },
  videos: {
    hot: [VIEWS, figure("likes", msg`Likes`)],
    sales: [figure("soldCount", msg`Sales`), REVENUE],
  },
  music: { hot: [USES, VIEWS], rising: [GROWTH, USES] },
  hashtags: { hot: [USES, VIEWS], rising: [GROWTH, USES] },
};

/** The figures of a list; the entity's first rank type's when the type is unknown. */
export function figuresOf(entity: EntityKind, rankType: string): readonly Figure[] {
  const byType = RANK_FIGURES[entity];
  return byType[rankType] ?? Object.values(byType)[0];
}

/** Labels translated so far, per catalog (catalogs are replaced, never changed, on activation). */
const translatedLabels = new WeakMap<object, Map<MessageDescriptor, string>>();

/** A figure's label in the active catalog, translated once: list rows re-render by the dozen while a list scrolls. */
export function figureLabel(figure: Figure, i18n: I18n): string {
  const catalog = i18n.messages;
  let labels = translatedLabels.get(catalog);
  if (!labels) translatedLabels.set(catalog, (labels = new Map<MessageDescriptor, string>()));
  let label = labels.get(figure.label);
  if (label === undefined) labels.set(figure.label, (label = i18n._(figure.label)));
  return label;
}

/** A value as its figure reads: money in the row's currency (or its market's). */
export function figureText(kind: FigureKind, value: unknown, currency: string, locale: Locale): string {
  const number = typeof value === "number" ? value : null;
  if (kind === "money") return formatMoney(number, currency, locale);
  if (kind === "rate") return formatRate(number, locale);
  return formatCount(number, locale);
}
