// Add the support contact (/customerValid, Chinese edition): shows the contact
// (name, id and QR code when there is one: the server's data: image, or its text drawn as a
// QR code); "I have added" records it and goes on to the post-login target the login passed
// along (its query's fromWebsite), else the usual one.
import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation, useSearch } from "wouter";
import { confirmSupportContactAdded, supportContact, type SupportContact } from "../../api/support-contact";
import { goToTarget, resolvePostLoginTarget } from "../../routing/post-login";
import { QrCode } from "../../components/QrCode";
import { useBusy } from "../../hooks/use-busy";
import { userState } from "../../state/user";
import { reportLoginError } from "../login/login-flow";
import "../login/login.css";

const QR_SIZE = 200;

/** The server sends the QR code as a data: image, or as the text to encode (a WeChat link or id). */
const isImage = (value: string) => /^data:image\//i.test(value);

function ContactQr({ qrCode }: { qrCode: string }) {
  const { t } = useLingui();
  const label = t`QR code of our customer support on WeChat`;
  return isImage(qrCode) ? (
    <img
      className="contact-card__qr"
      src={qrCode}
      alt={label}
      width={QR_SIZE}
      height={QR_SIZE}
      data-testid="customer-valid-qr"
    />
  ) : (
    <QrCode className="contact-card__qr" text={qrCode} label={label} size={QR_SIZE} testId="customer-valid-qr" />
  );
}

function ContactCard({ contact }: { contact: SupportContact }) {
  const { contactName, contactId, qrCode } = contact;
  return (
    <div className="contact-card">
      {qrCode && <ContactQr qrCode={qrCode} />}
      {contactName && (
        <p className="contact-card__name" data-testid="customer-valid-name">
          {contactName}
        </p>
      )}
      {contactId && (
        <p className="contact-card__id" data-testid="customer-valid-id">
          <Trans>WeChat ID: {contactId}</Trans>
        </p>
      )}
    </div>
  );
}

export default function CustomerValidPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [busy, run] = useBusy();
  const [contact, setContact] = useState<SupportContact | null>(null);

  useEffect(() => {
    let live = true;
    supportContact().then(
      (loaded) => live && setContact(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const done = () =>
    run(async () => {
      try {
        await confirmSupportContactAdded();
      } catch (failure) {
        reportLoginError(failure);
        return;
      }
      goToTarget(resolvePostLoginTarget({ query: search, previousPage: userState.previousPage }), navigate);
    });

  return (
    <div className="login">
      <p className="login__intro">
        <Trans>Add our customer support on WeChat to get help with your account and membership.</Trans>
      </p>
      {contact && <ContactCard contact={contact} />}
      <button
        type="button"
        className="button button--primary button--block"
        data-testid="customer-valid-done"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void done()}
      >
        <Trans>I have added</Trans>
      </button>
    </div>
  );
}
