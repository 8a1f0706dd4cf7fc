// The Monitor screen (/monitor, signed-in users; issue 15): two tabs, "Items" (the monitored
// products and influencers with their figures, thresholds, holding, export and daily digest)
// and "Alerts" (?tab=alerts). The tab is part of the URL, so a digest notification opens the
// alerts; the tab list follows the ARIA tabs pattern (arrow keys, Home and End move and select).
// Test ids: `monitor-tab-{items|alerts}`, `monitor-panel-{items|alerts}`.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useLocation, useSearch } from "wouter";
import { useTabKeys } from "../../../hooks/use-tab-keys";
import { hrefFor } from "../../../routing/paths";
import { MonitorAlerts } from "./MonitorAlerts";
import { MonitorItems } from "./MonitorItems";
import "./monitor.css";

const TABS = ["items", "alerts"] as const;
type Tab = (typeof TABS)[number];

const TAB_LABELS: Record<Tab, MessageDescriptor> = { items: msg`Items`, alerts: msg`Alerts` };

const tabOf = (search: string): Tab => (new URLSearchParams(search).get("tab") === "alerts" ? "alerts" : "items");

export default function MonitorPage() {
  const { i18n, t } = useLingui();
  const tab = tabOf(useSearch());
  const [, navigate] = useLocation();
  const select = (next: Tab) => {
    if (next !== tab) navigate(hrefFor("monitor", { tab: next }), { replace: true });
  };
  const onKeyDown = useTabKeys(TABS, tab, select);

  return (
    <div className="monitor">
      <div className="tabs" role="tablist" aria-label={t`Monitor`} onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`monitor-tab-${name}`}
            className="tabs__tab"
            aria-selected={name === tab}
            aria-controls={name === tab ? `monitor-panel-${name}` : undefined}
            tabIndex={name === tab ? 0 : -1}
            data-testid={`monitor-tab-${name}`}
            onClick={() => select(name)}
          >
            {i18n._(TAB_LABELS[name])}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`monitor-panel-${tab}`}
        aria-labelledby={`monitor-tab-${tab}`}
        data-testid={`monitor-panel-${tab}`}
      >
        {tab === "items" ? <MonitorItems /> : <MonitorAlerts />}
      </div>
    </div>
  );
}
