// The comparison's trend charts: one uPlot chart per metric (sales and revenue of goods,
// followers and sales of influencers) with one series per item on a shared axis, over 7, 15 or
// 30 days or a custom range (the detail page's range rules and custom-range popup; a range the
// plan lacks is refused with 803 and the previous range stays). Each chart can show its
// numbers as a table too (the chart's own data table toggle). Test ids: `compare-trends` (data-range, data-state),
// `compare-range-{7|15|30|custom}`, `compare-chart-{metric}`.
import { useEffect, useMemo, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { trend, type Trend, type TrendRange } from "../../../api/details";
import { Chart, type ChartSeries } from "../../../components/Chart";
import { figureText } from "../../../components/figures";
import type { CompareKind } from "../../../features/compare/compare-kinds";
import { formatBusinessDate } from "../../../lib/format";
import { useLocale } from "../../../state/system";
import { addDays, rangeKey } from "../../detail/trend-range";
import { TrendRangePicker } from "../../detail/TrendRangePicker";
import { TREND_METRICS, type ComparedItem, type TrendMetric } from "./compare-figures";

/** One colour per item, in column order (the palette's chart colours, light and dark). */
const ITEM_COLOURS = ["--chart-1", "--chart-2", "--chart-3", "--chart-4"] as const;

interface Loaded {
  range: TrendRange;
  /** The trend of each item, in column order (null: that item's trend failed). */
  trends: (Trend | null)[];
  itemsKey: string;
}

export function CompareTrends({ kind, items }: { kind: CompareKind; items: readonly ComparedItem[] }) {
  const locale = useLocale();
  const [range, setRange] = useState<TrendRange>({ days: 7 });
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  /** The last range answered, shown or refused. */
  const [settled, setSettled] = useState<TrendRange | null>(null);
  const itemsKey = items.map((item) => item.id).join(",");

  useEffect(() => {
    let live = true;
    const asked = range;
    void Promise.allSettled(items.map((item) => trend(kind, item.id, asked))).then((answers) => {
      if (!live) return;
      const trends = answers.map((answer) => (answer.status === "fulfilled" ? answer.value : null));
      setSettled(asked);
      // Every item refused (a range beyond the plan: the upgrade dialog is open): the charts on
      // screen and their range stay.
      if (trends.some((value) => value !== null)) setLoaded({ range: asked, trends, itemsKey });
    });
    return () => {
      live = false;
    };
    // items are named by itemsKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [kind, itemsKey, range]);

  const shownKey = loaded ? rangeKey(loaded.range) : rangeKey(range);
  const ready = settled === range && loaded?.itemsKey === itemsKey;
  const dates = loaded?.trends.find((value) => value !== null)?.points.map((point) => point.date) ?? [];
  const period = loaded?.trends.find((value) => value !== null)?.range;
  const latest = period?.end ?? addDays(new Date().toISOString().slice(0, 10), -1);

  return (
    <section
      className="card"
      data-testid="compare-trends"
      data-range={shownKey}
      data-state={ready ? "ready" : "loading"}
    >
      <h2 className="card__title">
        <Trans>Trends</Trans>
      </h2>
      <TrendRangePicker selectedKey={shownKey} latest={latest} onSelect={setRange} testIdPrefix="compare-range" />
      <p className="muted">
        {period && `${formatBusinessDate(period.start, locale)} – ${formatBusinessDate(period.end, locale)}`}
      </p>
      {loaded &&
        TREND_METRICS[kind].map((metric) => (
          <MetricChart key={metric.key} metric={metric} items={items} trends={loaded.trends} dates={dates} />
        ))}
    </section>
  );
}

function MetricChart({
  metric,
  items,
  trends,
  dates,
}: {
  metric: TrendMetric;
  items: readonly ComparedItem[];
  trends: readonly (Trend | null)[];
  dates: readonly string[];
}) {
  const { i18n, t } = useLingui();
  const locale = useLocale();

  const chart = useMemo(() => {
    const labels = dates.map((date) => formatBusinessDate(date, locale, "short"));
    const series: ChartSeries[] = items.flatMap((item, index) => {
      const data = trends[index];
      if (!data) return [];
      const byDate = new Map(data.points.map((point) => [point.date, point[metric.key] ?? 0]));
      return [
        {
          label: item.name,
          color: ITEM_COLOURS[index % ITEM_COLOURS.length],
          values: dates.map((date) => byDate.get(date) ?? 0),
          format: (value: number) => figureText(metric.kind, value, item.currency, locale),
        },
      ];
    });
    return { labels, series };
  }, [dates, items, trends, metric, locale]);

  const title = i18n._(metric.label);
  return (
    <figure className="compare-chart" data-testid={`compare-chart-${metric.key}`}>
      <figcaption className="compare-chart__caption">{title}</figcaption>
      <Chart labels={chart.labels} xLabel={t`Date`} series={chart.series} sharedScale title={title} />
    </figure>
  );
}
