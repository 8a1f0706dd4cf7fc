// Form fields of the sign-in screens: a labelled input with its validation message below,
// and a password input with a show/hide toggle. Values are kept as typed and trimmed when
// checked and sent; lengths are capped here (140, passwords 64). Test ids: the
// input gets `testId`, the message `${testId}-error`, the toggle `${testId}-toggle`.
import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { MAX_INPUT_LENGTH, MAX_PASSWORD_LENGTH } from "../lib/validate";
import "./field.css";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "id">;

export interface FieldProps extends InputProps {
  testId: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: MessageDescriptor;
  /** Beside the input: a send-code button, the password toggle. */
  trailing?: ReactNode;
}

export function Field({ testId, label, value, onValue, error, trailing, ...input }: FieldProps) {
  const { i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          data-testid={testId}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          maxLength={MAX_INPUT_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert" data-testid={`${testId}-error`}>
          {i18n._(error)}
        </p>
      )}
    </div>
  );
}

export function PasswordField(props: Omit<FieldProps, "type" | "trailing">) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? "text" : "password"}
      maxLength={MAX_PASSWORD_LENGTH}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="field__toggle"
          data-testid={`${props.testId}-toggle`}
          aria-pressed={shown}
          aria-label={shown ? t`Hide password` : t`Show password`}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? t`Hide` : t`Show`}
        </button>
      }
    />
  );
}
