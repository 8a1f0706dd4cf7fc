// Renders a route's lazily loaded page through the timing rules of routing/page-loader.ts: nothing for
// 200 ms, then a loading placeholder; on a failed chunk or a time-out an error view whose
// Retry imports the page again.
import { useEffect, useState } from "react";
import { Trans } from "@lingui/react/macro";
import { initialPageLoadState, PageTimeoutError, trackPageLoad, type PageLoadState } from "../routing/page-loader";
import type { PageLoader, PageProps } from "../routing/route-types";

/** A load's latest state, for the page and attempt (Retry) it was started for. */
interface TrackedLoad {
  load: PageLoader;
  attempt: number;
  state: PageLoadState;
}

export function LazyPage({ route, params }: PageProps) {
  const [attempt, setAttempt] = useState(0);
  const [tracked, setTracked] = useState<TrackedLoad | null>(null);
  const load = route.load;
  // Another page or a Retry starts from the initial state: ready at once when loaded before.
  const initial = initialPageLoadState(load);
  const loaded = initial.status === "ready";
  const current = tracked && tracked.load === load && tracked.attempt === attempt ? tracked.state : null;
  // A failure stays until Retry even when the page arrives late; otherwise a loaded page shows.
  const state = current && (current.status === "failed" || !loaded) ? current : initial;

  useEffect(() => {
    if (loaded) return;
    return trackPageLoad(load, (next) => setTracked({ load, attempt, state: next }));
  }, [load, attempt, loaded]);

  switch (state.status) {
    case "waiting":
      return null;
    case "slow":
      return (
        <div className="page-status" role="status" data-testid="page-loading">
          <span className="spinner" aria-hidden="true" />
          <Trans>Loading…</Trans>
        </div>
      );
    case "failed":
      return (
        <div className="page-status" role="alert" data-testid="chunk-error">
          <p>
            {state.error instanceof PageTimeoutError ? (
              <Trans>This page is taking too long to load.</Trans>
            ) : (
              <Trans>This page could not be loaded. Check your connection and try again.</Trans>
            )}
          </p>
          <button
            type="button"
            className="button button--primary"
            data-testid="chunk-retry"
            onClick={() => setAttempt((n) => n + 1)}
          >
            <Trans>Retry</Trans>
          </button>
        </div>
      );
    case "ready": {
      const Page = state.module.default;
      return <Page route={route} params={params} />;
    }
  }
}
