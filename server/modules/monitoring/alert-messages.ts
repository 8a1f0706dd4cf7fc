// The words of monitor alerts (the Alerts tab and the pushes) with explicit catalog ids, so
// `npm run i18n:extract` puts them in locales/<locale>/messages.po next to the app's messages
// (lingui.config.ts includes this file) and server/lib/translations.ts formats them per reader.
import type { MessageDescriptor } from "@lingui/core";
import { TOP_LIST_SIZE, type MonitorAlertType } from "../../../contract/monitoring";
import type { Translator } from "../../lib/translations";

export const ALERT_MESSAGES = {
  rankUp: /*i18n*/ { id: "monitor.alert.rank-up", message: "{name} moved up {places} places to #{rank}" },
  rankDown: /*i18n*/ { id: "monitor.alert.rank-down", message: "{name} moved down {places} places to #{rank}" },
  salesUp: /*i18n*/ { id: "monitor.alert.sales-up", message: "{name}: sales up {percent}% over 7 days" },
  salesDown: /*i18n*/ { id: "monitor.alert.sales-down", message: "{name}: sales down {percent}% over 7 days" },
  video: /*i18n*/ {
    id: "monitor.alert.video",
    message: "{name} posted {count, plural, one {a new video} other {# new videos}}",
  },
  topList: /*i18n*/ { id: "monitor.alert.top-list", message: "{name} entered the top {size} at #{rank}" },
  pushTitle: /*i18n*/ { id: "monitor.push.title", message: "ShopRadar monitor" },
  digestTitle: /*i18n*/ { id: "monitor.push.digest-title", message: "Your daily monitor digest" },
  several: /*i18n*/ {
    id: "monitor.push.several",
    message: "{count, plural, one {# change} other {# changes}} in your monitored items",
  },
} as const satisfies Record<string, MessageDescriptor>;

/** What an alert says, as stored: its type and the figures in its detail. */
export interface AlertWords {
  type: MonitorAlertType;
  detail: Record<string, unknown>;
}

const num = (value: unknown): number => (typeof value === "number" ? value : 0);

/** One alert in `locale`, e.g. "Lip tint moved up 12 places to #3". */
export function alertText(translator: Translator, locale: string, { type, detail }: AlertWords): string {
  const name = typeof detail.name === "string" ? detail.name : "";
  switch (type) {
    case "rank": {
      const places = num(detail.places);
      const message = places >= 0 ? ALERT_MESSAGES.rankUp : ALERT_MESSAGES.rankDown;
      return translator.format(locale, message, { name, places: Math.abs(places), rank: num(detail.after) });
    }
    case "sales": {
      const percent = num(detail.percent);
      const message = percent >= 0 ? ALERT_MESSAGES.salesUp : ALERT_MESSAGES.salesDown;
      return translator.format(locale, message, { name, percent: Math.abs(percent) });
    }
    case "video":
      return translator.format(locale, ALERT_MESSAGES.video, { name, count: num(detail.count) });
    case "top-list":
      return translator.format(locale, ALERT_MESSAGES.topList, { name, size: TOP_LIST_SIZE, rank: num(detail.rank) });
  }
}
