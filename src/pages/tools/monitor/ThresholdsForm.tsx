// One monitored item's alert thresholds (issue 15), behind "Alert thresholds": alert when the
// rank moves by at least N places, when sales move by at least X %, when an influencer posts a
// video, when the item enters the top list. Checked against MONITOR_THRESHOLD_BOUNDS before it
// is sent (PATCH /api/v1/monitor/items); the server checks them again. Test ids:
// `threshold-rank-places`, `threshold-sales-percent` (with `-error`).
import { useState, type FormEvent } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MONITOR_THRESHOLD_BOUNDS, type MonitorThresholds } from "../../../../contract/monitoring";
import { saveThresholds, type MonitorItem } from "../../../api/monitoring";
import { Field } from "../../../components/Field";
import { showToast } from "../../../state/system";

type Bounded = keyof typeof MONITOR_THRESHOLD_BOUNDS;

/** The whole number typed, or an error when it is not one inside the threshold's bounds. */
export function boundedNumber(text: string, key: Bounded): number | MessageDescriptor {
  const { min, max } = MONITOR_THRESHOLD_BOUNDS[key];
  const value = Number(text.trim());
  if (text.trim() === "" || !Number.isInteger(value) || value < min || value > max) {
    return msg`Enter a whole number from ${min} to ${max}.`;
  }
  return value;
}

export function ThresholdsForm({ item, onSaved }: { item: MonitorItem; onSaved: (item: MonitorItem) => void }) {
  const { t } = useLingui();
  const [rankPlaces, setRankPlaces] = useState(String(item.thresholds.rankPlaces));
  const [salesPercent, setSalesPercent] = useState(String(item.thresholds.salesPercent));
  const [newVideos, setNewVideos] = useState(item.thresholds.newVideos);
  const [topList, setTopList] = useState(item.thresholds.topList);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const rank = boundedNumber(rankPlaces, "rankPlaces");
  const sales = boundedNumber(salesPercent, "salesPercent");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (typeof rank !== "number" || typeof sales !== "number") return;
    const thresholds: MonitorThresholds = { rankPlaces: rank, salesPercent: sales, newVideos, topList };
    setBusy(true);
    try {
      onSaved(await saveThresholds(item.type, item.id, thresholds));
      showToast(t`Alert thresholds saved`);
    } catch {
      // The error catalogue has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="monitor-thresholds" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        testId="threshold-rank-places"
        label={t`Rank moves by at least (places)`}
        type="number"
        inputMode="numeric"
        min={MONITOR_THRESHOLD_BOUNDS.rankPlaces.min}
        max={MONITOR_THRESHOLD_BOUNDS.rankPlaces.max}
        value={rankPlaces}
        onValue={setRankPlaces}
        error={checked && typeof rank !== "number" ? rank : undefined}
      />
      <Field
        testId="threshold-sales-percent"
        label={t`Sales move by at least (%)`}
        type="number"
        inputMode="numeric"
        min={MONITOR_THRESHOLD_BOUNDS.salesPercent.min}
        max={MONITOR_THRESHOLD_BOUNDS.salesPercent.max}
        value={salesPercent}
        onValue={setSalesPercent}
        error={checked && typeof sales !== "number" ? sales : undefined}
      />
      {item.type === "influencers" && (
        <label className="monitor-thresholds__check">
          <input type="checkbox" checked={newVideos} onChange={(event) => setNewVideos(event.target.checked)} />
          <Trans>Alert when a new video is posted</Trans>
        </label>
      )}
      <label className="monitor-thresholds__check">
        <input type="checkbox" checked={topList} onChange={(event) => setTopList(event.target.checked)} />
        <Trans>Alert when it enters the top list</Trans>
      </label>
      <button type="submit" className="button button--small button--primary" disabled={busy} aria-busy={busy}>
        <Trans>Save thresholds</Trans>
      </button>
    </form>
  );
}
