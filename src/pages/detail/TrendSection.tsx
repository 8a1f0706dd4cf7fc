// Sales analysis (usage trend for music and hashtags) of a detail page: the daily trend over 7, 15 or 30 days or a custom range,
// as a uPlot chart (lazy) with the range's totals. A range the plan does not include comes
// back as 803 (the upgrade dialog opens) and the previous range stays selected. Test ids:
// `trend` (data-range, data-state), `trend-range-{7|15|30|custom}`, `trend-totals`. "Export CSV"
// downloads the range on screen (GET /api/v1/export/trend/...).
import { useEffect, useMemo, useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { trend, type Trend, type TrendRange } from "../../api/details";
import type { EntityKind } from "../../api/entities";
import { Chart, type ChartSeries } from "../../components/Chart";
import { figureText, type FigureKind } from "../../components/figures";
import { formatBusinessDate } from "../../lib/format";
import { useLocale } from "../../state/system";
import { addDays, rangeKey } from "./trend-range";
import { TrendRangePicker } from "./TrendRangePicker";
import { ExportButton } from "../../features/export/ExportButton";

interface TrendLine {
  key: string;
  label: MessageDescriptor;
  kind: FigureKind;
  color: ChartSeries["color"];
}

const SALES: TrendLine = { key: "salesVolume", label: msg`Sales`, kind: "count", color: "--chart-1" };

const VIEWS: TrendLine = { key: "views", label: msg`Views`, kind: "count", color: "--chart-2" };
const USAGE: readonly TrendLine[] = [{ key: "uses", label: msg`Uses`, kind: "count", color: "--chart-1" }, VIEWS];

const TREND_LINES: Record<EntityKind, readonly TrendLine[]> = {
  goods: [SALES, { key: "revenue", label: msg`Revenue`, kind: "money", color: "--chart-2" }],
  influencers: [{ key: "followers", label: msg`Followers`, kind: "count", color: "--chart-2" }, SALES],
  videos: [VIEWS, SALES],
  music: USAGE,
  hashtags: USAGE,
};

export interface TrendSectionProps {
  entity: EntityKind;
  id: string;
  /** Currency (or market) of money figures. */
  currency: string;
}

export function TrendSection({ entity, id, currency }: TrendSectionProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const [request, setRequest] = useState<{ range: TrendRange; attempt: number }>({ range: { days: 7 }, attempt: 0 });
  const [shown, setShown] = useState<{ range: TrendRange; data: Trend } | null>(null);
  // The request that failed; a new request (or another entity) is not failed until it fails.
  const [failure, setFailure] = useState<{ entity: EntityKind; id: string; request: typeof request } | null>(null);

  useEffect(() => {
    let live = true;
    trend(entity, id, request.range).then(
      (data) => live && setShown({ range: request.range, data }),
      // Refused (a plan limit: the upgrade dialog is open) or failed: the chart on screen stays.
      () => live && setFailure({ entity, id, request }),
    );
    return () => {
      live = false;
    };
  }, [entity, id, request]);
  const failed = failure !== null && failure.entity === entity && failure.id === id && failure.request === request;

  const ask = (range: TrendRange) => setRequest((previous) => ({ range, attempt: previous.attempt + 1 }));
  const data = shown?.data;
  const loading = !failed && (!shown || rangeKey(shown.range) !== rangeKey(request.range));
  const lines = TREND_LINES[entity];

  const chart = useMemo(() => {
    if (!data) return null;
    const labels = data.points.map((point) => formatBusinessDate(point.date, locale, "short"));
    const series: ChartSeries[] = lines.map((line) => ({
      label: i18n._(line.label),
      color: line.color,
      values: data.points.map((point) => point[line.key] ?? 0),
      format: (value) => figureText(line.kind, value, currency, locale),
    }));
    return { labels, series };
  }, [data, lines, locale, currency, i18n]);

  const latest = data?.range.end ?? addDays(new Date().toISOString().slice(0, 10), -1);
  const selectedKey = rangeKey(shown?.range ?? request.range);
  const shownRange = shown?.range ?? request.range;
  const exportQuery = new URLSearchParams(
    "days" in shownRange ? { days: String(shownRange.days) } : { start: shownRange.start, end: shownRange.end },
  );

  return (
    <section
      className="card"
      data-testid="trend"
      data-range={selectedKey}
      data-state={loading ? "loading" : failed ? "failed" : "ready"}
    >
      <h2 className="card__title">{USAGE === lines ? <Trans>Usage trend</Trans> : <Trans>Sales analysis</Trans>}</h2>
      <TrendRangePicker selectedKey={selectedKey} latest={latest} onSelect={ask} testIdPrefix="trend-range" />
      <p className="muted export-row">
        <span data-testid="trend-period">
          {data && `${formatBusinessDate(data.range.start, locale)} – ${formatBusinessDate(data.range.end, locale)}`}
        </span>
        <ExportButton href={`/api/v1/export/trend/${entity}/${encodeURIComponent(id)}?${exportQuery.toString()}`} />
      </p>
      {chart ? (
        <Chart labels={chart.labels} xLabel={t`Date`} series={chart.series} />
      ) : (
        <div className="chart" style={{ minHeight: 240 }} />
      )}
      {data && (
        <dl className="metrics" data-testid="trend-totals">
          {lines
            .filter((line) => data.totals[line.key] !== undefined)
            .map((line) => (
              <div key={line.key} className="metrics__item">
                <dt className="metrics__label">{i18n._(line.label)}</dt>
                <dd className="metrics__value">{figureText(line.kind, data.totals[line.key], currency, locale)}</dd>
              </div>
            ))}
        </dl>
      )}
    </section>
  );
}
