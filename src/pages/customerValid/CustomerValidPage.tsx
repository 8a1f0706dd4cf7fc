// Add the support contact (/customerValid, Chinese edition, spec §2 and §4): shows the contact
// (name, id and QR code when there is one); "I have added" records it and goes on to the
// post-login target the login passed along (its query's fromWebsite), else the usual one.
import { useEffect, useState } from "react";
import { Trans } from "@lingui/react/macro";
import { useLocation, useSearch } from "wouter";
import { confirmSupportContactAdded, supportContact, type SupportContact } from "../../api/supportContact";
import { goToTarget, resolvePostLoginTarget } from "../../app/postLogin";
import { useBusy } from "../../components/useBusy";
import { userState } from "../../state/user";
import { reportLoginError } from "../login/loginFlow";
import "../login/login.css";

const isImageUrl = (value: string) => /^(data:image\/|https?:\/\/)/i.test(value);

function ContactCard({ contact }: { contact: SupportContact }) {
  const { contactName, contactId, qrCode } = contact;
  return (
    <div className="contact-card">
      {qrCode && isImageUrl(qrCode) && <img className="contact-card__qr" src={qrCode} alt="" width={200} height={200} data-testid="customer-valid-qr" />}
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
    supportContact().then((loaded) => live && setContact(loaded), () => undefined);
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
      <button type="button" className="button button--primary button--block" data-testid="customer-valid-done" disabled={busy} aria-busy={busy} onClick={done}>
        <Trans>I have added</Trans>
      </button>
    </div>
  );
}
