// "Monitor" on goods and influencer details (issue 15): a toggle (aria-pressed) that reads
// whether the signed-in user monitors the item (GET /api/v1/subscribe/check) and starts or stops
// monitoring it (PUT/DELETE /api/v1/monitor/items). Visitors get the login prompt; a plan
// without monitoring raises the upgrade dialog (803, the error catalogue); a full holding toasts
// 60003 (the catalogue) and offers "Upgrade" to checkout here. While monitored, a link leads to
// the Monitor screen; starting links this browser's push subscription to the user (push/push-link.ts).
// Test ids: `monitor-button` (data-monitored), `monitor-upgrade`.
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { MonitorKind } from "../../../contract/monitoring";
import { ApiError } from "../../api/client";
import { monitorCheck, startMonitoring, stopMonitoring } from "../../api/monitoring";
import { useAsync } from "../../hooks/use-async";
import { hrefFor } from "../../routing/paths";
import { showToast } from "../../state/system";
import { openLoginDialog, useToken } from "../../state/user";
import { linkPushSubscriptionToUser } from "../push/push-link";

/** Code of a refusal because the plan's monitor limit is reached. */
export const MONITOR_LIMIT_REACHED = 60003;

export function MonitorButton({ kind, id }: { kind: MonitorKind; id: string }) {
  const { t } = useLingui();
  const token = useToken();
  const check = useAsync(
    () => (token ? monitorCheck(kind, id).then((state) => state.monitored) : Promise.resolve(false)),
    [kind, id, token],
  );
  // The user's own change since the check answered (null: none).
  const [changed, setChanged] = useState<{ key: string; monitored: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [atLimit, setAtLimit] = useState(false);
  const key = `${token}|${kind}:${id}`;
  const monitored = changed?.key === key ? changed.monitored : (check.data ?? false);

  const toggle = async () => {
    if (!token) {
      openLoginDialog();
      return;
    }
    setBusy(true);
    try {
      const state = monitored ? await stopMonitoring(kind, id) : await startMonitoring(kind, id);
      setChanged({ key, monitored: state.monitored });
      setAtLimit(false);
      showToast(state.monitored ? t`Added to your monitored items` : t`Removed from your monitored items`);
      // Alerts go to the user's push subscriptions: make sure this browser's is one of them.
      if (state.monitored) void linkPushSubscriptionToUser().catch(() => undefined);
    } catch (error) {
      // The catalogue has shown the refusal (toast, login prompt or upgrade dialog).
      if (error instanceof ApiError && error.code === MONITOR_LIMIT_REACHED) setAtLimit(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={monitored ? "button button--small button--primary" : "button button--small"}
        aria-pressed={monitored}
        aria-busy={busy}
        disabled={busy || (Boolean(token) && check.loading && changed === null)}
        data-testid="monitor-button"
        data-monitored={monitored}
        onClick={() => void toggle()}
      >
        {monitored ? <Trans>Monitoring</Trans> : <Trans>Monitor</Trans>}
      </button>
      {monitored && (
        <Link href={hrefFor("monitor")} className="button button--small">
          <Trans>Monitored items</Trans>
        </Link>
      )}
      {atLimit && !monitored && (
        <Link href={hrefFor("checkout")} className="button button--small" data-testid="monitor-upgrade">
          <Trans>Upgrade to monitor more</Trans>
        </Link>
      )}
    </>
  );
}
