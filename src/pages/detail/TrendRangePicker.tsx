// The range control of trend charts, on detail pages and the comparison: the preset days
// (7/15/30) and Custom, which opens the custom-range popup (ending at `latest` at the latest).
// Test ids `<testIdPrefix>-<days>` and `<testIdPrefix>-custom`.
import { useState } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { TrendRange } from "../../api/details";
import { CustomRangePopup } from "./CustomRangePopup";
import { addDays, PRESET_DAYS } from "./trend-range";

export interface TrendRangePickerProps {
  /** rangeKey() of the range on screen. */
  selectedKey: string;
  /** The data's last day, the latest a custom range may end. */
  latest: string;
  onSelect: (range: TrendRange) => void;
  testIdPrefix: string;
}

export function TrendRangePicker({ selectedKey, latest, onSelect, testIdPrefix }: TrendRangePickerProps) {
  const { t } = useLingui();
  const [customOpen, setCustomOpen] = useState(false);
  const dayLabel = (days: number) => plural(days, { one: "# day", other: "# days" });
  return (
    <>
      <div className="chips" role="group" aria-label={t`Range`}>
        {PRESET_DAYS.map((days) => (
          <button
            key={days}
            type="button"
            className="chip"
            aria-pressed={selectedKey === String(days)}
            data-testid={`${testIdPrefix}-${days}`}
            onClick={() => onSelect({ days })}
          >
            {dayLabel(days)}
          </button>
        ))}
        <button
          type="button"
          className="chip"
          aria-pressed={!/^\d+$/.test(selectedKey)}
          data-testid={`${testIdPrefix}-custom`}
          onClick={() => setCustomOpen(true)}
        >
          <Trans>Custom</Trans>
        </button>
      </div>
      <CustomRangePopup
        key={latest}
        open={customOpen}
        latest={latest}
        initial={{ start: addDays(latest, -13), end: latest }}
        onClose={() => setCustomOpen(false)}
        onApply={(custom) => {
          setCustomOpen(false);
          onSelect(custom);
        }}
      />
    </>
  );
}
