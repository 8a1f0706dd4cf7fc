// The figures of a monitored item as the Monitor screen writes them: the latest rank, sales and
// (influencers) videos, and the change since the last evaluation (places up or down, sales in
// percent with its sign). Pure: takes the item and the catalog, returns labelled texts.
import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { MonitorItem } from "../../../api/monitoring";
import type { MetricItem } from "../../../components/MetricGrid";
import type { Locale } from "../../../i18n/locales";
import { formatCount, formatDecimal, NO_VALUE } from "../../../lib/format";

/** "↑ 3 places", "↓ 2 places", "No change", or NO_VALUE when the item was or is unranked. */
export function rankChangeText(places: number | null | undefined, i18n: I18n): string {
  if (places === null || places === undefined) return NO_VALUE;
  const count = Math.abs(places);
  if (places > 0) return i18n._(msg`${plural(count, { one: "↑ # place", other: "↑ # places" })}`);
  if (places < 0) return i18n._(msg`${plural(count, { one: "↓ # place", other: "↓ # places" })}`);
  return i18n._(msg`No change`);
}

/** "+12.5%", "-3%", "0%", or NO_VALUE when there is nothing to compare with. */
export function salesChangeText(percent: number | null | undefined, locale: Locale): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return NO_VALUE;
  const sign = percent > 0 ? "+" : percent < 0 ? "-" : "";
  return `${sign}${formatDecimal(Math.abs(percent), Number.isInteger(percent) ? 0 : 1, locale)}%`;
}

export function monitorFigures(item: MonitorItem, i18n: I18n, locale: Locale): MetricItem[] {
  const { latest, change } = item;
  const figures: MetricItem[] = [
    {
      key: "rank",
      label: i18n._(msg`Rank`),
      value: latest?.rank ? `#${latest.rank}` : latest ? i18n._(msg`Not ranked`) : NO_VALUE,
    },
    { key: "sales", label: i18n._(msg`Sales`), value: formatCount(latest?.sales, locale) },
  ];
  if (item.type === "influencers") {
    figures.push({ key: "videos", label: i18n._(msg`Videos`), value: formatCount(latest?.videos, locale) });
  }
  figures.push(
    { key: "rank-change", label: i18n._(msg`Rank change`), value: rankChangeText(change?.rank, i18n) },
    { key: "sales-change", label: i18n._(msg`Sales change`), value: salesChangeText(change?.salesPercent, locale) },
  );
  return figures;
}
