// "Daily digest" on the Monitor screen (issue 15): on, the day's alerts arrive as one
// notification instead of one per change (PUT /api/v1/monitor/settings). A switch (role=switch)
// that shows the saved value; a refused change leaves it as it was. Test id `daily-digest`.
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { saveMonitorSettings } from "../../../api/monitoring";
import { showToast } from "../../../state/system";

export function DailyDigestSwitch({ initial }: { initial: boolean }) {
  const { t } = useLingui();
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);

  const change = async (next: boolean) => {
    setBusy(true);
    try {
      setOn((await saveMonitorSettings({ dailyDigest: next })).dailyDigest);
      showToast(next ? t`Alerts will arrive as one daily digest` : t`Alerts will arrive as they happen`);
    } catch {
      // The error catalogue has shown why; the switch keeps the saved value.
    } finally {
      setBusy(false);
    }
  };

  return (
    <label className="monitor-digest">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        disabled={busy}
        aria-describedby="monitor-digest-hint"
        data-testid="daily-digest"
        onChange={(event) => void change(event.target.checked)}
      />
      <span>
        <Trans>Daily digest</Trans>
        <span id="monitor-digest-hint" className="muted monitor-digest__hint">
          <Trans>One notification a day with all alerts, instead of one per change.</Trans>
        </span>
      </span>
    </label>
  );
}
