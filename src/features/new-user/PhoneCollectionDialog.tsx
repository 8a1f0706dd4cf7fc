// The phone-collection dialog (spec: phone number and country code, required and valid), the
// lazy chunk behind NewUserLauncher: "Get tips on WhatsApp/Zalo" with a country code select and
// a phone field (both labelled), the number kept earlier filled in, "Submit" (empty or invalid →
// 'Please enter a valid phone number', the same words as the server's 71020) and a success toast.
import { useId, useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { MARKETING_CODES } from "../../../contract/marketing";
import { collectedPhone, savePhone } from "../../api/activities";
import { ApiError } from "../../api/errors";
import { localizedServerMessage, MARKETING_MESSAGES } from "../../api/server-messages";
import { Field } from "../../components/Field";
import { Popup } from "../../components/Popup";
import { SubmitButton } from "../../components/SubmitButton";
import { useAsync } from "../../hooks/use-async";
import { useBusy } from "../../hooks/use-busy";
import { showToast } from "../../state/system";
import { COUNTRY_CODES, phoneDigits } from "./phone";
import "./new-user.css";

const INVALID = MARKETING_MESSAGES[MARKETING_CODES.INVALID_PHONE];

function PhoneForm({ initial, onClose }: { initial: { countryCode: string; phone: string }; onClose: () => void }) {
  const { t } = useLingui();
  const selectId = useId();
  const [countryCode, setCountryCode] = useState(initial.countryCode);
  const [phone, setPhone] = useState(initial.phone);
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, run] = useBusy();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = phoneDigits(phone);
    setInvalid(digits === null);
    setFailure(null);
    if (digits === null) return;
    void run(async () => {
      try {
        await savePhone({ countryCode, phone: digits });
        showToast(t`Thanks! We will send you tips.`);
        onClose();
      } catch (error) {
        if (error instanceof ApiError && error.code === MARKETING_CODES.INVALID_PHONE) setInvalid(true);
        else if (error instanceof ApiError) {
          if (!error.handled) setFailure(localizedServerMessage(error));
        } else setFailure(t`Something went wrong. Please try again.`);
      }
    });
  };

  return (
    <form className="phone-form" noValidate onSubmit={submit} data-testid="phone-form">
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          <Trans>Country code</Trans>
        </label>
        <select
          id={selectId}
          className="field__input"
          data-testid="phone-country-code"
          value={countryCode}
          onChange={(event) => setCountryCode(event.target.value)}
        >
          {COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <Field
        testId="phone-number"
        label={t`Phone number`}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={phone}
        onValue={(value) => {
          setPhone(value);
          setInvalid(false);
        }}
        error={invalid ? INVALID : undefined}
      />
      {failure && (
        <p className="field__error" role="alert" data-testid="phone-failure">
          {failure}
        </p>
      )}
      <SubmitButton testId="phone-submit" busy={busy}>
        <Trans>Submit</Trans>
      </SubmitButton>
    </form>
  );
}

export default function PhoneCollectionDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const titleId = useId();
  const kept = useAsync(() => collectedPhone().catch(() => null), []);
  const initial =
    kept.data && (COUNTRY_CODES as readonly string[]).includes(kept.data.countryCode)
      ? kept.data
      : { countryCode: COUNTRY_CODES[0], phone: "" };
  return (
    <Popup open position="dialog" onClose={onClose} testId="phone-collection" labelledBy={titleId}>
      <div className="dialog__content">
        <h2 id={titleId} className="dialog__title">
          <Trans>Get tips on WhatsApp/Zalo</Trans>
        </h2>
        <p className="dialog__message">
          <Trans>Leave your number and we will send you selling tips and new offers.</Trans>
        </p>
        {kept.loading ? (
          <span className="spinner" aria-hidden="true" />
        ) : (
          <PhoneForm initial={initial} onClose={onClose} />
        )}
        <button type="button" className="button button--block" data-testid="phone-close" onClick={onClose}>
          {t`Close`}
        </button>
      </div>
    </Popup>
  );
}
