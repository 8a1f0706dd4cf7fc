// The terms checkbox of the sign-in screens, linking the service agreement (/serve) and the
// privacy policy (/ys). `shaking` plays a short shake to point at it (pressing the
// button with the box unticked makes it shake). Test ids: `${testId}` on the checkbox,
// `${testId}-row` on the row that shakes.
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { hrefFor } from "../routing/paths";

export interface AgreementCheckProps {
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  shaking?: boolean;
  onShakeEnd?: () => void;
}

export function AgreementCheck({ testId, checked, onChange, shaking = false, onShakeEnd }: AgreementCheckProps) {
  return (
    <div
      className={shaking ? "agreement agreement--shake" : "agreement"}
      data-testid={`${testId}-row`}
      onAnimationEnd={onShakeEnd}
    >
      <label className="agreement__label">
        <input
          type="checkbox"
          className="agreement__box"
          data-testid={testId}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          <Trans>
            I have read and agree to the{" "}
            <Link href={hrefFor("serve")} className="agreement__link">
              Service Agreement
            </Link>{" "}
            and the{" "}
            <Link href={hrefFor("ys")} className="agreement__link">
              Privacy Policy
            </Link>
          </Trans>
        </span>
      </label>
    </div>
  );
}
