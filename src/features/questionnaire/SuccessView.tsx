// The questionnaire's thank-you view (code 0 shows success): a button that opens
// the edition's chat app, the same link as a QR code for another phone, and the contact groups.
import { Trans, useLingui } from "@lingui/react/macro";
import { useSystemId } from "../../state/system";
import { QrCode } from "../../components/QrCode";
import { communityOf } from "../community/community";

const QR_SIZE = 160;

export function SuccessView({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const { t } = useLingui();
  const { chat, groups } = communityOf(useSystemId());
  const app = chat.name;
  return (
    <div className="questionnaire__success" data-testid="questionnaire-success">
      <h2 id={titleId} className="questionnaire__question">
        <Trans>Thank you for your answers!</Trans>
      </h2>
      <p className="questionnaire__note">
        <Trans>Join our community for selling tips and the newest deals.</Trans>
      </p>
      <a
        className="button button--primary button--block"
        href={chat.url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="questionnaire-chat"
      >
        <Trans>Chat with us on {app}</Trans>
      </a>
      <QrCode
        className="questionnaire__qr"
        text={chat.url}
        label={t`QR code of our ${app} community`}
        size={QR_SIZE}
        testId="questionnaire-qr"
      />
      <ul className="questionnaire__groups" data-testid="questionnaire-groups">
        {groups.map((group) => {
          const name = group.name;
          return (
            <li key={group.id}>
              <a
                href={group.url}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="questionnaire-group"
                data-group={group.id}
              >
                <Trans>{name} group</Trans>
              </a>
            </li>
          );
        })}
      </ul>
      <button type="button" className="button button--block" onClick={onClose} data-testid="questionnaire-close">
        <Trans>Close</Trans>
      </button>
    </div>
  );
}
