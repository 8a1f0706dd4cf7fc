// A line chart of daily values drawn by uPlot: up to two series on their own axes (left,
// right), or any number on one shared axis (`sharedScale`, the comparison's one series per
// item). Drag across it (mouse) or pinch (touch) to zoom the dates; "Reset zoom" shows while
// zoomed (chart-zoom.ts has the pinch arithmetic). uPlot and its styles are imported only when a chart mounts, so they form a lazy
// chunk that only detail pages load. The box has a fixed height, so the page does not move
// when the chart arrives; the width follows the container. Test id `trend-chart` with
// `data-state` loading | ready | failed, `data-points`, `data-series` and `data-zoomed`;
// `chart-reset-zoom` on the button. Colours come from the palette's custom properties (lines
// `--chart-1`..`--chart-4`, labels `--muted`, grid `--border`), read when the plot is drawn and
// drawn again when the light/dark scheme changes, so the canvas reads well in both.
// Under the plot, its data as a table behind a toggle (ChartDataTable.tsx): the chart's text
// alternative.
import { useEffect, useRef, useState } from "react";
import { Trans } from "@lingui/react/macro";
import type uPlotType from "uplot";
import { useColorScheme } from "../features/theme/theme";
import { ChartDataTable } from "./ChartDataTable";
import { isZoomed, pinchedRange, type XRange } from "./chart-zoom";
import "./chart.css";

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** The line's colour: a custom property of the palette (src/app/shell.css), e.g. "--chart-1". */
  color: `--${string}`;
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
  /** Every series on one left axis (formatted like the first) instead of one axis each. */
  sharedScale?: boolean;
  /** What the chart shows: the caption of its data table (default: the series' names). */
  title?: string;
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
  sharedScale: boolean;
}

const sameData = (a: PlotData, b: PlotData) =>
  a.labels === b.labels &&
  a.xLabel === b.xLabel &&
  a.series === b.series &&
  a.height === b.height &&
  a.sharedScale === b.sharedScale;

/** The x range (point indexes) of the plot now. */
const xRangeOf = (plot: uPlotType): XRange => ({ min: plot.scales.x.min ?? 0, max: plot.scales.x.max ?? 0 });

const touchDistance = (touches: TouchList) =>
  Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);

/**
 * Two-finger pinch on the plot zooms its x scale (uPlot only knows mouse drags). Returns the
 * listeners' removal.
 */
function addPinchZoom(plot: uPlotType, full: XRange): () => void {
  const area = plot.over;
  let pinch: { range: XRange; anchor: number; distance: number } | null = null;
  const start = (event: TouchEvent) => {
    if (event.touches.length !== 2) return;
    const box = area.getBoundingClientRect();
    const middle = (event.touches[0].clientX + event.touches[1].clientX) / 2;
    pinch = {
      range: xRangeOf(plot),
      anchor: box.width > 0 ? (middle - box.left) / box.width : 0.5,
      distance: touchDistance(event.touches),
    };
  };
  const move = (event: TouchEvent) => {
    if (!pinch || event.touches.length !== 2) return;
    event.preventDefault();
    plot.setScale("x", pinchedRange(pinch.range, pinch.anchor, pinch.distance, touchDistance(event.touches), full));
  };
  const end = () => {
    pinch = null;
  };
  area.addEventListener("touchstart", start, { passive: true });
  area.addEventListener("touchmove", move, { passive: false });
  area.addEventListener("touchend", end);
  area.addEventListener("touchcancel", end);
  return () => {
    area.removeEventListener("touchstart", start);
    area.removeEventListener("touchmove", move);
    area.removeEventListener("touchend", end);
    area.removeEventListener("touchcancel", end);
  };
}

export function Chart({ labels, xLabel, series, height = 200, sharedScale = false, title }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlotType | null>(null);
  const [drawable] = useState(canDraw);
  const [result, setResult] = useState<PlotResult | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const scheme = useColorScheme();
  // New data is "loading" until its own plot is drawn.
  const data: PlotData = { labels, xLabel, series, height, sharedScale };
  const state = !drawable ? "failed" : result && sameData(result.data, data) ? result.state : "loading";
  const full: XRange = { min: 0, max: Math.max(0, labels.length - 1) };

  useEffect(() => {
    // A canvas-less browser leaves an empty box.
    if (!drawable) return;
    const plotted: PlotData = { labels, xLabel, series, height, sharedScale };
    const fullRange: XRange = { min: 0, max: Math.max(0, labels.length - 1) };
    let plot: uPlotType | undefined;
    let observer: ResizeObserver | undefined;
    let removePinch: (() => void) | undefined;
    let cancelled = false;
    const scaleOf = (index: number) => (sharedScale ? SCALES[0] : SCALES[index]);
    const axisLines = sharedScale ? series.slice(0, 1) : series;
    const draw = (UPlot: UPlot) => {
      const element = box.current;
      if (cancelled || !element) return;
      const xs = labels.map((_, index) => index);
      const palette = getComputedStyle(element);
      const colour = (name: `--${string}`) => palette.getPropertyValue(name).trim();
      const axisColours = { stroke: colour("--muted"), grid: { stroke: colour("--border"), width: 1 } };
      const ticks = { stroke: colour("--border"), width: 1 };
      const label = (value: number) => labels[Math.round(value)] ?? "";
      plot = new UPlot(
        {
          width: element.clientWidth || 320,
          height,
          scales: { x: { time: false }, left: {}, right: {} },
          legend: { show: true },
          // Dragging across the dates zooms them (uPlot sets the x scale).
          cursor: { drag: { x: true, y: false, setScale: true } },
          hooks: {
            setScale: [
              (self, key) => {
                if (key === "x") setZoomed(isZoomed(xRangeOf(self), fullRange));
              },
            ],
          },
          series: [
            { label: xLabel, value: (_self, value) => (value === null ? "" : label(value)) },
            ...series.map((line, index) => ({
              label: line.label,
              stroke: colour(line.color),
              width: 2,
              scale: scaleOf(index),
              value: (_self: uPlotType, value: number | null) => (value === null ? "-" : line.format(value)),
            })),
          ],
          axes: [
            { ...axisColours, ticks, values: (_self, at) => at.map(label), space: 48, font: AXIS_FONT },
            ...axisLines.map((line, index) => ({
              scale: SCALES[index],
              side: index === 0 ? 3 : 1,
              size: 64,
              font: AXIS_FONT,
              stroke: axisColours.stroke,
              ticks,
              grid: { ...axisColours.grid, show: index === 0 },
              values: (_self: uPlotType, ticks: number[]) => ticks.map((tick) => line.format(tick)),
            })),
          ],
        },
        [xs, ...series.map((line) => [...line.values])],
        element,
      );
      plotRef.current = plot;
      removePinch = addPinchZoom(plot, fullRange);
      setZoomed(false);
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
      removePinch?.();
      plot?.destroy();
      if (plotRef.current === plot) plotRef.current = null;
    };
    // The scheme is read through the palette above; a new one draws the plot again.
  }, [drawable, labels, xLabel, series, height, sharedScale, scheme]);

  const showReset = zoomed && state === "ready";
  return (
    <div className="chart-frame">
      <div
        ref={box}
        className="chart"
        style={{ minHeight: height + 40 }}
        data-testid="trend-chart"
        data-state={state}
        data-points={labels.length}
        data-series={series.length}
        data-zoomed={showReset}
      />
      {showReset && (
        <button
          type="button"
          className="button button--small chart-frame__reset"
          data-testid="chart-reset-zoom"
          onClick={() => plotRef.current?.setScale("x", full)}
        >
          <Trans>Reset zoom</Trans>
        </button>
      )}
      <ChartDataTable caption={title} labels={labels} xLabel={xLabel} series={series} />
    </div>
  );
}
