// The community groups block of the site footer and of Me: a link per group (WhatsApp and Zalo
// overseas, WeChat for the Chinese edition; configured in community.ts, the same links as the
// questionnaire's success view) and the chat link's QR code, whose generator loads only when
// asked for, so the block stays light. Test id `community-groups`.
import { lazy, Suspense, useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSystemId } from "../../state/system";
import { communityOf } from "./community";
import "./community.css";

const QrCode = lazy(() => import("../../components/QrCode").then((module) => ({ default: module.QrCode })));

const QR_SIZE = 160;

export function CommunityGroups({ className = "community" }: { className?: string }) {
  const { t } = useLingui();
  const { chat, groups } = communityOf(useSystemId());
  const [showQr, setShowQr] = useState(false);
  const titleId = useId();
  const app = chat.name;
  return (
    <section className={className} data-testid="community-groups" aria-labelledby={titleId}>
      <h2 className="community__title" id={titleId}>
        <Trans>Join our community</Trans>
      </h2>
      <ul className="community__groups">
        {groups.map((group) => {
          const name = group.name;
          return (
            <li key={group.id}>
              <a href={group.url} target="_blank" rel="noopener noreferrer" data-group={group.id}>
                <Trans>{name} group</Trans>
              </a>
            </li>
          );
        })}
      </ul>
      {showQr ? (
        <Suspense fallback={null}>
          <QrCode text={chat.url} label={t`QR code of our ${app} community`} size={QR_SIZE} testId="community-qr" />
        </Suspense>
      ) : (
        <button type="button" className="button button--small" onClick={() => setShowQr(true)}>
          <Trans>Show QR code</Trans>
        </button>
      )}
    </section>
  );
}
