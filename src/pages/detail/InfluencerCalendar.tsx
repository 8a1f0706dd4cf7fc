// The influencer calendar: one month of posts and sales per day, weeks starting on
// Monday, with the previous and next month (not past the data's latest month). Test ids
// `calendar` (data-month), `calendar-prev`, `calendar-next`, `calendar-day` (data-date,
// data-posts).
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { influencerCalendar } from "../../api/details";
import { useAsync } from "../../hooks/use-async";
import { formatCount } from "../../lib/format";
import type { Locale } from "../../i18n/locales";
import { useLocale } from "../../state/system";

/** YYYY-MM shifted by `months`. */
export function shiftMonth(month: string, months: number): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** Blank cells before the 1st in a Monday-first week. */
export function leadingBlanks(month: string): number {
  return (new Date(`${month}-01T00:00:00Z`).getUTCDay() + 6) % 7;
}

function weekdayNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: "narrow", timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2024, 0, 1 + day))));
}

export function InfluencerCalendar({ id }: { id: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const [latest, setLatest] = useState<string | undefined>(undefined);
  const calendar = useAsync(() => influencerCalendar(id, month), [id, month]);
  const data = calendar.data;
  if (data && latest === undefined) setLatest(data.month);
  const shown = data?.month ?? month;
  const postsLabel = (posts: number) => t`Posts: ${posts}`;
  const title = shown
    ? new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", timeZone: "UTC" }).format(
        new Date(`${shown}-01T00:00:00Z`),
      )
    : "";

  return (
    <section className="card calendar" data-testid="calendar" data-month={shown ?? ""}>
      <div className="calendar__head">
        <button
          type="button"
          className="button button--small"
          aria-label={t`Previous month`}
          data-testid="calendar-prev"
          disabled={!shown}
          onClick={() => shown && setMonth(shiftMonth(shown, -1))}
        >
          ‹
        </button>
        <h2 className="card__title">
          <Trans>Influencer calendar</Trans> · {title}
        </h2>
        <button
          type="button"
          className="button button--small"
          aria-label={t`Next month`}
          data-testid="calendar-next"
          disabled={!shown || !latest || shown >= latest}
          onClick={() => shown && setMonth(shiftMonth(shown, 1))}
        >
          ›
        </button>
      </div>
      <div className="calendar__grid">
        {weekdayNames(locale).map((name, index) => (
          <span key={index} className="calendar__weekday">
            {name}
          </span>
        ))}
        {shown && Array.from({ length: leadingBlanks(shown) }, (_, index) => <span key={`blank-${index}`} />)}
        {data?.days.map((day) => (
          <div
            key={day.date}
            className={day.posts > 0 ? "calendar__day calendar__day--posted" : "calendar__day"}
            data-testid="calendar-day"
            data-date={day.date}
            data-posts={day.posts}
            title={postsLabel(day.posts)}
          >
            <div className="calendar__date">{Number(day.date.slice(8))}</div>
            {day.posts > 0 && <div className="calendar__posts">▶{day.posts}</div>}
            {day.salesVolume > 0 && <div>{formatCount(day.salesVolume, locale)}</div>}
          </div>
        ))}
      </div>
      <p className="muted">
        <Trans>▶ videos posted that day; the number below is the units sold.</Trans>
      </p>
    </section>
  );
}
