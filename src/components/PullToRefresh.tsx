// Pull-to-refresh for a page scrolled to its top (lists; My Plan): pulling down more
// than PULL_THRESHOLD px and letting go calls `onRefresh`, with an indicator that says what a
// release will do. The browser's own overscroll refresh is off (body overscroll-behavior).
// Test id `pull-to-refresh` with `data-state` idle | pulling | ready | refreshing.
import { useRef, useState, type ReactNode, type TouchEvent } from "react";
import { Trans } from "@lingui/react/macro";

export const PULL_THRESHOLD = 64;
const MAX_PULL = 96;

type PullState = "idle" | "pulling" | "ready" | "refreshing";

export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<void>; children: ReactNode }) {
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const start = useRef<number | null>(null);

  const onTouchStart = (event: TouchEvent) => {
    start.current = window.scrollY <= 0 && !refreshing ? event.touches[0].clientY : null;
  };
  const onTouchMove = (event: TouchEvent) => {
    if (start.current === null) return;
    const distance = event.touches[0].clientY - start.current;
    setPull(distance > 0 ? Math.min(MAX_PULL, distance / 2) : 0);
  };
  const onTouchEnd = async () => {
    const released = pull;
    start.current = null;
    setPull(0);
    if (released < PULL_THRESHOLD / 2) return;
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
    }
  };

  const state: PullState = refreshing
    ? "refreshing"
    : pull >= PULL_THRESHOLD / 2
      ? "ready"
      : pull > 0
        ? "pulling"
        : "idle";
  const height = refreshing ? 40 : pull;
  return (
    <div
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={() => void onTouchEnd()}
      onTouchCancel={() => void onTouchEnd()}
      data-testid="pull-to-refresh"
      data-state={state}
    >
      <div className="pull-indicator" style={{ height }} aria-live="polite">
        {state === "pulling" && <Trans>Pull down to refresh</Trans>}
        {state === "ready" && <Trans>Release to refresh</Trans>}
        {state === "refreshing" && <Trans>Refreshing…</Trans>}
      </div>
      {children}
    </div>
  );
}
