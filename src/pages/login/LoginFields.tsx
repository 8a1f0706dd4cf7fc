// What the sign-in forms (login, registration, reset) share: the login-id and code fields with
// their fixed input hints, and checking the login id on its own before a code is sent (or, in
// the overseas form, when it loses focus).
import type { Dispatch, SetStateAction } from "react";
import { Field, type FieldProps } from "../../components/Field";
import { SendCodeButton } from "../../components/SendCodeButton";
import { validate, type FieldErrors, type Rule } from "../../lib/validate";

/** Validates the login id alone, showing or clearing its error; says whether it is valid. */
export function checkLoginId(
  loginId: string,
  rule: Rule,
  setErrors: Dispatch<SetStateAction<FieldErrors<"loginId">>>,
): boolean {
  const error = validate(loginId, rule);
  setErrors((current) => ({ ...current, loginId: error ?? undefined }));
  return !error;
}

type ShortFieldProps = Pick<FieldProps, "testId" | "label" | "value" | "onValue" | "error">;

/** A login id that may be an e-mail address: no capitals, the browser's saved user name. */
export function LoginIdField(props: ShortFieldProps & Pick<FieldProps, "onBlur">) {
  return <Field inputMode="email" autoComplete="username" autoCapitalize="off" {...props} />;
}

/** A verification code with its send button (test id `sendTestId`) beside it. */
export function CodeField({
  sendTestId,
  onSend,
  ...props
}: ShortFieldProps & { sendTestId: string; onSend: () => Promise<boolean> }) {
  return (
    <Field
      inputMode="numeric"
      autoComplete="one-time-code"
      trailing={<SendCodeButton testId={sendTestId} onSend={onSend} />}
      {...props}
    />
  );
}
