// The "Alerts" tab of the Monitor screen (issue 15): every alert the monitoring job produced,
// newest first, in the user's language (the same words as the push), each with its time and a
// link to the item's detail; unread ones are marked until "Mark all as read". So nothing
// depends on a notification being seen. Test ids: `monitor-alerts` (data-unread),
// `monitor-alert` (data-read), `monitor-alerts-empty`.
import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { markAlertsRead, monitorAlerts } from "../../../api/monitoring";
import { LoadMore } from "../../../components/LoadMore";
import { usePagedList } from "../../../hooks/use-paged-list";
import { formatDateTime } from "../../../lib/format";
import { useLocale } from "../../../state/system";
import { useToken } from "../../../state/user";
import { showUnreadBadge } from "../../../features/pwa/app-badge";

const PAGE_SIZE = 20;

export function MonitorAlerts() {
  const { t } = useLingui();
  const locale = useLocale();
  const token = useToken();
  const [unread, setUnread] = useState<number | null>(null);
  // Marked read on this screen since the list loaded.
  const [allRead, setAllRead] = useState(false);
  useEffect(() => (unread === null ? undefined : showUnreadBadge(unread)), [unread]);
  const list = usePagedList(
    async (page) => {
      const answer = await monitorAlerts(page, PAGE_SIZE);
      if (page === 1) setUnread(answer.unread);
      return { ...answer, size: PAGE_SIZE };
    },
    [token],
  );

  const markAll = async () => {
    try {
      setUnread((await markAlertsRead()).unread);
      setAllRead(true);
    } catch {
      // The error catalogue has shown why.
    }
  };

  if (!list.initial && !list.failed && list.rows.length === 0) {
    return (
      <div className="empty-state" data-testid="monitor-alerts-empty">
        <p className="empty-state__title">
          <Trans>No alerts yet</Trans>
        </p>
        <p>
          <Trans>When a monitored item moves past one of its thresholds, the alert shows here.</Trans>
        </p>
      </div>
    );
  }

  return (
    <section className="monitor-alerts" data-testid="monitor-alerts" data-unread={unread ?? ""}>
      {unread !== null && unread > 0 && (
        <div className="monitor-alerts__head">
          <p>
            <Trans>{unread} unread</Trans>
          </p>
          <button type="button" className="button button--small" onClick={() => void markAll()}>
            <Trans>Mark all as read</Trans>
          </button>
        </div>
      )}
      <ul className="monitor-alerts__list">
        {list.rows.map((alert) => {
          const read = allRead || alert.read;
          return (
            <li
              key={alert.id}
              className={read ? "card monitor-alert" : "card monitor-alert monitor-alert--unread"}
              data-testid="monitor-alert"
              data-read={read}
            >
              {!read && <span className="monitor-alert__dot" role="img" aria-label={t`Unread`} />}
              <Link href={alert.url} className="monitor-alert__text">
                {alert.text}
              </Link>
              <time className="muted monitor-alert__time" dateTime={alert.createdAt}>
                {formatDateTime(alert.createdAt, locale)}
              </time>
            </li>
          );
        })}
      </ul>
      {list.status !== "none" && (
        <LoadMore status={list.initial ? "loading" : list.status} onLoadMore={list.loadMore} />
      )}
    </section>
  );
}
