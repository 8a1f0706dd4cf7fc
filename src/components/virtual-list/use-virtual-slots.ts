// The virtual list's state over time: the slot plan (plan-slots.ts) kept in React state and
// planned again on each scroll frame, resize and change of list, renderer, row height or
// overscan. Scroll handling is one range computation per animation frame; while the list is
// flung (faster than FLING_SCREENS_PER_SECOND) rows entering wait, and SETTLE_MS after the last
// fast frame the waiting rows get their content a few per frame. Refs are written only in
// effects and read only in effects and frame callbacks, never during render.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import {
  planSlots,
  poolSize,
  visibleRange,
  type FillMode,
  type Frame,
  type SlotPlan,
  type VisibleRange,
} from "./plan-slots";

/** Faster than this, in screen heights a second, the list is being flung. */
export const FLING_SCREENS_PER_SECOND = 2;
/** Time after the last fast frame before the list counts as settled. */
const SETTLE_MS = 120;

export interface VirtualSlotsOptions<T, R> {
  items: readonly T[];
  rowHeight: number;
  overscan: number;
  maxFill: number;
  render: R;
}

interface State<T, R> {
  frame: Frame;
  plan: SlotPlan<T, R>;
}

/** The rows around the screen for a list element, widened by `extra` rows each side. */
function around(element: HTMLElement | null, count: number, rowHeight: number, extra: number): VisibleRange | null {
  if (!element) return null;
  const listTop = element.getBoundingClientRect().top + window.scrollY;
  return visibleRange(count, rowHeight, listTop, window.scrollY, window.innerHeight, extra);
}

/** Plans the slots for a frame with the given options, starting from the previous state. */
function next<T, R>(
  previous: State<T, R>,
  frame: Frame,
  { items, rowHeight, overscan, maxFill, render }: VirtualSlotsOptions<T, R>,
): State<T, R> {
  const slotCount = poolSize(frame.range, window.innerHeight, rowHeight, overscan);
  const plan = planSlots(previous.plan, { items, render, frame, slotCount, maxFill });
  return { frame, plan };
}

export function useVirtualSlots<T, R>(
  container: RefObject<HTMLElement | null>,
  options: VirtualSlotsOptions<T, R>,
): SlotPlan<T, R> {
  const { items, rowHeight, overscan, render } = options;
  const [state, setState] = useState<State<T, R>>(() => {
    const range = { start: 0, end: Math.min(items.length, 12) };
    const frame: Frame = { range, visible: range, fill: "all" };
    return next({ frame, plan: { slots: [], waiting: 0 } }, frame, options);
  });
  /** The options of the last commit, for the frame callbacks. */
  const latest = useRef(options);
  /** Rows the last commit left waiting for content. */
  const waitingCount = useRef(0);
  const motion = useRef({ y: 0, time: 0, fastUntil: 0 });

  useLayoutEffect(() => {
    latest.current = options;
    waitingCount.current = state.plan.waiting;
  });

  // A new renderer (a parent's re-render) redraws the rows that show their own content.
  useLayoutEffect(() => {
    setState((previous) => next(previous, previous.frame, latest.current));
  }, [render]);

  // The first screen (and a changed list) renders whole, before paint; rows appended during a
  // fling still wait.
  useLayoutEffect(() => {
    const current = latest.current;
    const count = current.items.length;
    const range = around(container.current, count, current.rowHeight, current.overscan);
    const visible = around(container.current, count, current.rowHeight, 0);
    if (!range || !visible) return;
    const fill: FillMode = performance.now() < motion.current.fastUntil ? "none" : "all";
    setState((previous) => next(previous, { range, visible, fill }, latest.current));
  }, [container, items, rowHeight, overscan]);

  useEffect(() => {
    // One frame: place the rows around the screen; true while frames must follow (the list is
    // flung, or rows wait for content).
    const measure = (): boolean => {
      const current = latest.current;
      const count = current.items.length;
      const range = around(container.current, count, current.rowHeight, current.overscan);
      const visible = around(container.current, count, current.rowHeight, 0);
      if (!range || !visible) return false;
      const now = performance.now();
      const state = motion.current;
      // A long pause counts as one slow frame, but a jump after it as a fling.
      const elapsed = Math.min(Math.max(now - state.time, 1), 100);
      if ((Math.abs(window.scrollY - state.y) * 1000) / elapsed > FLING_SCREENS_PER_SECOND * window.innerHeight)
        state.fastUntil = now + SETTLE_MS;
      state.y = window.scrollY;
      state.time = now;
      const flung = now < state.fastUntil;
      const filling = !flung && waitingCount.current > 0;
      const fill: FillMode = flung ? "none" : "some";
      setState((previous) => {
        const sameRange = previous.frame.range.start === range.start && previous.frame.range.end === range.end;
        // "all" and "some" differ only for waiting rows.
        const sameFill = previous.frame.fill === fill || (previous.frame.fill === "all" && !flung);
        return sameRange && sameFill && !filling ? previous : next(previous, { range, visible, fill }, latest.current);
      });
      return flung || filling;
    };
    let frameId = 0;
    const schedule = (): void => {
      if (!frameId)
        frameId = requestAnimationFrame(() => {
          frameId = 0;
          if (measure()) schedule();
        });
    };
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frameId) cancelAnimationFrame(frameId);
    };
  }, [container]);

  return state.plan;
}
