// The "Items" tab of the Monitor screen (issue 15): the data age (a saved copy when the worker
// answered from its cache, e.g. offline), the holding against the plan's limit ("3 of 5
// monitored", with "Upgrade" at the limit), "Export CSV" of the list, the daily digest switch
// and the monitored items, newest first; with none, how to add one. Test ids:
// `monitor-items` (data-state, data-total), `monitor-holding`, `monitor-upgrade`, `monitor-empty`.
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { monitorItems, type MonitorItems as MonitorItemsAnswer } from "../../../api/monitoring";
import { DataFreshness } from "../../../components/DataFreshness";
import { LoadFailed } from "../../../components/LoadFailed";
import { ExportButton } from "../../../features/export/ExportButton";
import { useAsync } from "../../../hooks/use-async";
import { savedCopyOf } from "../../../lib/saved-copy";
import { hrefFor } from "../../../routing/paths";
import { useToken } from "../../../state/user";
import { DailyDigestSwitch } from "./DailyDigestSwitch";
import { MonitorItemRow } from "./MonitorItemRow";

export const MONITOR_EXPORT_PATH = "/api/v1/export/monitor";

function Holding({ data }: { data: MonitorItemsAnswer }) {
  const { total, limit } = data;
  return (
    <div className="monitor-holding">
      <p data-testid="monitor-holding" data-total={total} data-limit={limit}>
        <Trans>
          {total} of {limit} monitored
        </Trans>
      </p>
      {total >= limit && (
        <Link href={hrefFor("checkout")} className="button button--small button--primary" data-testid="monitor-upgrade">
          <Trans>Upgrade</Trans>
        </Link>
      )}
    </div>
  );
}

export function MonitorItems() {
  const token = useToken();
  const items = useAsync(monitorItems, [token]);

  if (!items.data) {
    if (items.error) {
      return (
        <LoadFailed className="empty-state" data-testid="monitor-items" data-state="failed" onRetry={items.reload}>
          <Trans>Your monitored items could not be loaded.</Trans>
        </LoadFailed>
      );
    }
    return (
      <div className="page-status" data-testid="monitor-items" data-state="loading">
        <span className="spinner" aria-hidden="true" />
      </div>
    );
  }

  const data = items.data;
  return (
    <section className="monitor-items" data-testid="monitor-items" data-state="ready" data-total={data.list.length}>
      <DataFreshness updatedAt={data.updatedAt} saved={savedCopyOf(data)} />
      <Holding data={data} />
      <div className="monitor-items__tools">
        {data.list.length > 0 && <ExportButton href={MONITOR_EXPORT_PATH} />}
        <DailyDigestSwitch key={String(data.dailyDigest)} initial={data.dailyDigest} />
      </div>
      {data.list.length === 0 ? (
        <div className="empty-state" data-testid="monitor-empty">
          <p className="empty-state__title">
            <Trans>Nothing monitored yet</Trans>
          </p>
          <p>
            <Trans>
              Open a product or an influencer and tap Monitor: its rank and sales show here, and you get an alert when
              they change.
            </Trans>
          </p>
          <Link href={hrefFor("rank")} className="button button--primary">
            <Trans>Browse the lists</Trans>
          </Link>
        </div>
      ) : (
        <ul className="monitor-items__list">
          {data.list.map((item) => (
            <MonitorItemRow
              key={`${item.type}:${item.id}`}
              item={item}
              onRemoved={items.reload}
              onSaved={items.reload}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
