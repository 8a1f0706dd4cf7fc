// One monitored product or influencer on the Monitor screen: its card (thumbnail, name, link to
// the detail), the latest figures and the change since the last evaluation, "Remove", and its
// alert thresholds behind "Alert thresholds". Test id `monitor-item` (data-type, data-id).
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { stopMonitoring, type MonitorItem } from "../../../api/monitoring";
import { EntityRow } from "../../../components/EntityRow";
import { MetricGrid } from "../../../components/MetricGrid";
import { detailHref } from "../../../routing/detail-links";
import { useLocale } from "../../../state/system";
import { monitorFigures } from "./monitor-figures";
import { ThresholdsForm } from "./ThresholdsForm";

export interface MonitorItemRowProps {
  item: MonitorItem;
  onRemoved: () => void;
  onSaved: (item: MonitorItem) => void;
}

export function MonitorItemRow({ item, onRemoved, onSaved }: MonitorItemRowProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      await stopMonitoring(item.type, item.id);
      onRemoved();
    } catch {
      // The error catalogue has shown why; the row stays.
      setBusy(false);
    }
  };

  return (
    <li className="card monitor-item" data-testid="monitor-item" data-type={item.type} data-id={item.id}>
      {item.available && item.card ? (
        <EntityRow entity={item.type} item={item.card} trailing={null} />
      ) : (
        <p className="card__note">
          <Link href={detailHref(item.type, item.id)}>{item.id}</Link> <Trans>This item is no longer available.</Trans>
        </p>
      )}
      <MetricGrid testId="monitor-figures" items={monitorFigures(item, i18n, locale)} />
      <div className="monitor-item__actions">
        <details className="monitor-item__settings">
          <summary className="button button--small">
            <Trans>Alert thresholds</Trans>
          </summary>
          <ThresholdsForm item={item} onSaved={onSaved} />
        </details>
        <button type="button" className="button button--small" disabled={busy} onClick={() => void remove()}>
          <Trans>Remove</Trans>
        </button>
      </div>
    </li>
  );
}
