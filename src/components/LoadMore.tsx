// The load-more indicator at the end of a list: "pull up to show more" while more
// rows can come (a tap also loads them), a spinner while loading, "no more data" at the end.
// Test id `load-more` with `data-status` more | loading | none.
import { Trans } from "@lingui/react/macro";
import "./data.css";

export type LoadMoreStatus = "more" | "loading" | "none";

export function LoadMore({ status, onLoadMore }: { status: LoadMoreStatus; onLoadMore?: () => void }) {
  return (
    <div className="load-more" data-testid="load-more" data-status={status} role="status">
      {status === "loading" && (
        <>
          <span className="spinner spinner--inline" aria-hidden="true" />
          <Trans>Loading…</Trans>
        </>
      )}
      {status === "more" && (
        <button type="button" className="load-more__button" onClick={onLoadMore}>
          <Trans>Pull up to show more</Trans>
        </button>
      )}
      {status === "none" && <Trans>No more data</Trans>}
    </div>
  );
}
