// The frame of every detail page: reads the id from the query (?id=) or, inside the desktop
// detail pane, from DetailIdContext; loads the detail
// through its API module, and shows a placeholder of fixed size while loading, a "used up"
// view when the plan refuses (801/803: the upgrade dialog is already open), "not found" for an
// unknown id and Retry for other failures; a detail answered from the service worker's cache
// says it is a saved copy. Test ids: `detail-page` (data-id), `detail-loading`,
// `detail-blocked`, `detail-missing`, `detail-failed`.
import { useContext, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { useSearch } from "wouter";
import { ApiError } from "../../api/client";
import { DataFreshness } from "../../components/DataFreshness";
import { useAsync } from "../../hooks/use-async";
import { savedCopyOf } from "../../lib/saved-copy";
import { openPlanDetails } from "../../state/price";
import { useToken } from "../../state/user";
import { DetailIdContext } from "./detail-id";
import "./detail.css";

const PLAN_LIMITS = [801, 802, 803];

export interface DetailLoaderProps<T> {
  load: (id: string) => Promise<T>;
  children: (data: T, id: string) => ReactNode;
}

export function DetailLoader<T>({ load, children }: DetailLoaderProps<T>) {
  const paneId = useContext(DetailIdContext);
  const search = useSearch();
  const id = (paneId ?? new URLSearchParams(search).get("id"))?.trim() ?? "";
  const token = useToken();
  const detail = useAsync(() => (id ? load(id) : Promise.resolve(undefined)), [id, token]);

  if (!id || (detail.error instanceof ApiError && detail.error.status === 404)) {
    return (
      <p className="empty-state" data-testid="detail-missing">
        <Trans>This item could not be found.</Trans>
      </p>
    );
  }
  if (detail.data !== undefined) {
    return (
      <div className="detail" data-testid="detail-page" data-id={id}>
        <DataFreshness saved={savedCopyOf(detail.data)} />
        {children(detail.data, id)}
      </div>
    );
  }
  if (detail.error instanceof ApiError && PLAN_LIMITS.includes(detail.error.code)) {
    return (
      <div className="empty-state" data-testid="detail-blocked">
        <p className="empty-state__title">
          <Trans>Your daily detail views are used up</Trans>
        </p>
        <p>
          <Trans>Become a member for unlimited detail views.</Trans>
        </p>
        <button type="button" className="button button--primary" onClick={openPlanDetails}>
          <Trans>See what each plan unlocks</Trans>
        </button>
      </div>
    );
  }
  if (detail.error) {
    return (
      <div className="page-status" data-testid="detail-failed">
        <p>
          <Trans>This page could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={detail.reload}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  }
  return <div className="detail-skeleton" data-testid="detail-loading" />;
}
