// The custom range of a detail chart: a bottom popup with start and end dates (at most 90
// days, ending yesterday at the latest). Test ids `custom-range`, `custom-range-start`,
// `custom-range-end`, `custom-range-apply`, `custom-range-error`.
import { useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Popup } from "../../components/Popup";
import { addDays, customRangeError, MAX_CUSTOM_DAYS } from "./trend-range";

export interface CustomRangePopupProps {
  open: boolean;
  /** The data's yesterday: the latest end date. */
  latest: string;
  initial: { start: string; end: string };
  onApply: (range: { start: string; end: string }) => void;
  onClose: () => void;
}

interface DateFieldProps {
  label: ReactNode;
  testId: string;
  value: string;
  min: string;
  max: string;
  onValue: (value: string) => void;
}

function DateField({ label, testId, value, min, max, onValue }: DateFieldProps) {
  return (
    <label className="custom-range__field">
      <span>{label}</span>
      <input
        type="date"
        className="select"
        value={value}
        min={min}
        max={max}
        data-testid={testId}
        onChange={(event) => onValue(event.target.value)}
      />
    </label>
  );
}

export function CustomRangePopup({ open, latest, initial, onApply, onClose }: CustomRangePopupProps) {
  const { i18n, t } = useLingui();
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [tried, setTried] = useState(false);
  const error = customRangeError(start, end, latest);
  const earliest = addDays(latest, -(MAX_CUSTOM_DAYS * 4));

  const apply = () => {
    setTried(true);
    if (!error) onApply({ start, end });
  };
  return (
    <Popup open={open} position="bottom" onClose={onClose} testId="custom-range" label={t`Custom range`}>
      <div className="custom-range">
        <h2 className="custom-range__title">
          <Trans>Custom range</Trans>
        </h2>
        <DateField
          label={<Trans>Start date</Trans>}
          testId="custom-range-start"
          value={start}
          min={earliest}
          max={latest}
          onValue={setStart}
        />
        <DateField
          label={<Trans>End date</Trans>}
          testId="custom-range-end"
          value={end}
          min={earliest}
          max={latest}
          onValue={setEnd}
        />
        <p className="custom-range__error" role="alert" data-testid="custom-range-error">
          {tried && error ? i18n._(error) : ""}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="button button--primary" data-testid="custom-range-apply" onClick={apply}>
            <Trans>Apply</Trans>
          </button>
        </div>
      </div>
    </Popup>
  );
}
