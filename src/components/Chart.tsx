// A line chart of daily values with up to two series on their own axes (left, right), drawn
// by uPlot. uPlot and its styles are imported only when a chart mounts, so they form a lazy
// chunk that only detail pages load. The box has a fixed height, so the page does not move
// when the chart arrives; the width follows the container. Test id `trend-chart` with
// `data-state` loading | ready | failed and `data-points`.
import { useEffect, useRef, useState } from "react";
import type uPlotType from "uplot";

export interface ChartSeries {
  label: string;
  values: readonly number[];
  color: string;
  /** Axis and legend text of a value. */
  format: (value: number) => string;
}

export interface ChartProps {
  /** X-axis labels, one per point (dates). */
  labels: readonly string[];
  /** Legend name of the x values. */
  xLabel: string;
  series: readonly ChartSeries[];
  height?: number;
}

type UPlot = typeof uPlotType;
let uplotModule: Promise<UPlot> | undefined;

/** uPlot and its CSS, loaded once. */
function loadUPlot(): Promise<UPlot> {
  uplotModule ??= Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([module]) => module.default);
  return uplotModule;
}

/** Whether this browser can draw on a canvas (uPlot needs a 2D context). */
function canDraw(): boolean {
  try {
    return Boolean(document.createElement("canvas").getContext("2d"));
  } catch {
    return false;
  }
}

const SCALES = ["left", "right"] as const;
const AXIS_FONT = "11px system-ui, sans-serif";

/** How a plot of some data ended: drawn, or its chunk failed to load. */
interface PlotResult {
  data: PlotData;
  state: "ready" | "failed";
}

interface PlotData {
  labels: readonly string[];
  xLabel: string;
  series: readonly ChartSeries[];
  height: number;
}

const sameData = (a: PlotData, b: PlotData) =>
  a.labels === b.labels && a.xLabel === b.xLabel && a.series === b.series && a.height === b.height;

export function Chart({ labels, xLabel, series, height = 200 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [drawable] = useState(canDraw);
  const [result, setResult] = useState<PlotResult | null>(null);
  // New data is "loading" until its own plot is drawn.
  const data: PlotData = { labels, xLabel, series, height };
  const state = !drawable ? "failed" : result && sameData(result.data, data) ? result.state : "loading";

  useEffect(() => {
    // A canvas-less browser leaves an empty box.
    if (!drawable) return;
    const plotted: PlotData = { labels, xLabel, series, height };
    let plot: uPlotType | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    const draw = (UPlot: UPlot) => {
      const element = box.current;
      if (cancelled || !element) return;
      const xs = labels.map((_, index) => index);
      const label = (value: number) => labels[Math.round(value)] ?? "";
      plot = new UPlot(
        {
          width: element.clientWidth || 320,
          height,
          scales: { x: { time: false }, left: {}, right: {} },
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          series: [
            { label: xLabel, value: (_self, value) => (value === null ? "" : label(value)) },
            ...series.map((line, index) => ({
              label: line.label,
              stroke: line.color,
              width: 2,
              scale: SCALES[index],
              value: (_self: uPlotType, value: number | null) => (value === null ? "-" : line.format(value)),
            })),
          ],
          axes: [
            { values: (_self, ticks) => ticks.map(label), space: 48, font: AXIS_FONT },
            ...series.map((line, index) => ({
              scale: SCALES[index],
              side: index === 0 ? 3 : 1,
              size: 64,
              font: AXIS_FONT,
              grid: { show: index === 0 },
              values: (_self: uPlotType, ticks: number[]) => ticks.map((tick) => line.format(tick)),
            })),
          ],
        },
        [xs, ...series.map((line) => [...line.values])],
        element,
      );
      setResult({ data: plotted, state: "ready" });
      observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height }));
      observer.observe(element);
    };
    // A chunk that cannot load (offline) leaves an empty box.
    loadUPlot()
      .then(draw)
      .catch(() => !cancelled && setResult({ data: plotted, state: "failed" }));
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [drawable, labels, xLabel, series, height]);

  return (
    <div
      ref={box}
      className="chart"
      style={{ minHeight: height + 40 }}
      data-testid="trend-chart"
      data-state={state}
      data-points={labels.length}
    />
  );
}
