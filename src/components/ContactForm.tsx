// The footer's Contact Us form: e-mail and message, checked before sending
// ('Enter email', 'Error email', 'Enter message'; the server's same refusals land on the same
// fields), 'Sent successfully' when the server kept it.
// Test ids `contact-email`, `contact-message`, `contact-send`, and `-error` on each field.
import { useId, useState, type FormEvent } from "react";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ApiError } from "../api/client";
import { CONTACT_ERRORS, MAX_CONTACT_EMAIL, MAX_CONTACT_MESSAGE, sendContactMessage } from "../api/contact";
import { offlineNotice } from "../platform/network";
import { isEmail } from "../lib/validate";
import { showToast } from "../state/system";
import { Field } from "./Field";
import { SubmitButton } from "./SubmitButton";
import { useBusy } from "../hooks/use-busy";

interface Errors {
  email?: MessageDescriptor;
  message?: MessageDescriptor;
}

export function checkContact(email: string, message: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = msg`Enter email`;
  else if (!isEmail(email)) errors.email = msg`Error email`;
  if (!message.trim()) errors.message = msg`Enter message`;
  return errors;
}

export function ContactForm() {
  const { i18n, t } = useLingui();
  const messageId = useId();
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, run] = useBusy();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkContact(email, message);
    setErrors(found);
    if (found.email || found.message) return;
    const offline = offlineNotice("contact");
    if (offline) return void showToast(offline, "error");
    void run(async () => {
      try {
        await sendContactMessage({ email: email.trim(), message: message.trim() });
      } catch (error) {
        const refusal = error instanceof ApiError ? CONTACT_ERRORS[error.code] : undefined;
        if (refusal?.field) setErrors({ [refusal.field]: refusal.message });
        else if (refusal) showToast(i18n._(refusal.message), "error");
        else if (error instanceof ApiError && !error.handled) showToast(t`Sending failed. Please try again.`, "error");
        return;
      }
      setMessage("");
      showToast(t`Sent successfully`);
    });
  };

  return (
    <form className="contact-form" noValidate onSubmit={submit} data-testid="contact-form">
      <h3 className="site-footer__heading">
        <Trans>Contact Us</Trans>
      </h3>
      <Field
        testId="contact-email"
        label={t`Email`}
        type="email"
        autoComplete="email"
        maxLength={MAX_CONTACT_EMAIL}
        value={email}
        onValue={setEmail}
        error={errors.email}
      />
      <div className={errors.message ? "field field--invalid" : "field"}>
        <label className="field__label" htmlFor={messageId}>
          <Trans>Message</Trans>
        </label>
        <div className="field__control">
          <textarea
            id={messageId}
            className="field__input contact-form__message"
            data-testid="contact-message"
            rows={3}
            maxLength={MAX_CONTACT_MESSAGE}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        {errors.message && (
          <p className="field__error" role="alert" data-testid="contact-message-error">
            {i18n._(errors.message)}
          </p>
        )}
      </div>
      <SubmitButton testId="contact-send" busy={busy}>
        <Trans>Send</Trans>
      </SubmitButton>
    </form>
  );
}
