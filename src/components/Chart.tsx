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

export function Chart({ labels, xLabel, series, height = 200 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let plot: uPlotType | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    setState("loading"); // new data: "ready" again once this plot is drawn
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
      setState("ready");
      observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height }));
      observer.observe(element);
    };
    // A chunk that cannot load (offline) or a canvas-less browser leaves an empty box.
    if (!canDraw()) {
      setState("failed");
      return;
    }
    loadUPlot()
      .then(draw)
      .catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [labels, xLabel, series, height]);

  return <div ref={box} className="chart" style={{ minHeight: height + 40 }} data-testid="trend-chart" data-state={state} data-points={labels.length} />;
}
