// The x range of a chart zoomed by a pinch (pure; Chart.tsx applies it to uPlot): the range at
// the start of the pinch scaled by how far the fingers moved apart, around the point under
// their middle, kept inside the data and at least MIN_ZOOM_POINTS wide.

export interface XRange {
  min: number;
  max: number;
}

/** The narrowest zoom: this many points between the edges. */
export const MIN_ZOOM_POINTS = 2;

/**
 * `start`: the range when the pinch began; `anchor`: 0..1, where the fingers' middle is across
 * the plot; `startDistance`/`distance`: the fingers' distance then and now; `full`: the data.
 */
export function pinchedRange(
  start: XRange,
  anchor: number,
  startDistance: number,
  distance: number,
  full: XRange,
): XRange {
  const fullWidth = full.max - full.min;
  const minWidth = Math.min(MIN_ZOOM_POINTS, fullWidth);
  const scale = distance > 0 && startDistance > 0 ? startDistance / distance : 1;
  const width = Math.min(fullWidth, Math.max(minWidth, (start.max - start.min) * scale));
  const fraction = Math.min(1, Math.max(0, anchor));
  const centre = start.min + (start.max - start.min) * fraction;
  let min = centre - width * fraction;
  min = Math.min(Math.max(min, full.min), full.max - width);
  return { min, max: min + width };
}

/** Whether `range` shows less than the whole data. */
export function isZoomed(range: XRange, full: XRange): boolean {
  const epsilon = 1e-6;
  return range.min > full.min + epsilon || range.max < full.max - epsilon;
}
