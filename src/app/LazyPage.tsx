// Renders a route's lazily loaded page through the timing rules of routing/page-loader.ts: nothing for
// 200 ms, then a loading placeholder; on a failed chunk or a time-out an error view whose
// Retry imports the page again.
import { useEffect, useState } from "react";
import { Trans } from "@lingui/react/macro";
import { initialPageLoadState, PageTimeoutError, trackPageLoad } from "../routing/page-loader";
import type { PageProps } from "../routing/route-types";

export function LazyPage({ route, params }: PageProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState(() => initialPageLoadState(route.load));

  useEffect(() => {
    const initial = initialPageLoadState(route.load);
    setState(initial);
    if (initial.status !== "ready") return trackPageLoad(route.load, setState);
  }, [route.load, attempt]);

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
          <button type="button" className="button button--primary" data-testid="chunk-retry" onClick={() => setAttempt((n) => n + 1)}>
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
