// Invitation poster (/poster, signed in): a poster drawn in the browser (features/invites/poster.ts)
// with the brand, a headline, what a friend gets, the QR code of the user's invite link and the
// invite code, in the UI language; shown as an image and saved as a PNG with "Save poster".
import { Trans, useLingui } from "@lingui/react/macro";
import { inviteCode, type InviteCode } from "../../api/invites";
import { LoadFailed } from "../../components/LoadFailed";
import { planDays } from "../../features/invites/labels";
import { POSTER_HEIGHT, POSTER_WIDTH, type PosterContent } from "../../features/invites/poster";
import { usePosterImage } from "../../features/invites/use-poster";
import { useAsync } from "../../hooks/use-async";
import type { PageProps } from "../../routing/route-types";
import { brandName } from "../../routing/title";
import { useLocale } from "../../state/system";
import "./invites.css";

function usePosterContent(invite: InviteCode | undefined): PosterContent | null {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  if (!invite) return null;
  const brand = brandName(locale);
  const award = planDays(invite.award.days, invite.award.plan, i18n);
  return {
    locale,
    brand,
    tagline: t`Find what sells on short-video commerce`,
    headline: t`Join me on ${brand}`,
    offer: invite.award.days > 0 ? t`Sign up with my link and get ${award} free.` : t`Sign up with my link.`,
    codeLabel: t`Invite code`,
    code: invite.inviteCode,
    scanHint: t`Scan the QR code to sign up`,
    url: invite.shareUrl,
  };
}

export default function PosterPage(_props: PageProps) {
  const { t } = useLingui();
  const invite = useAsync(inviteCode, []);
  const content = usePosterContent(invite.data);
  const poster = usePosterImage(content);
  const code = invite.data?.inviteCode ?? "";

  if (invite.error !== undefined && !invite.data) {
    return (
      <div className="invites" data-testid="poster-content" data-state="failed">
        <LoadFailed onRetry={invite.reload}>
          <Trans>Your invite could not be loaded.</Trans>
        </LoadFailed>
      </div>
    );
  }
  const state = poster.failed ? "failed" : poster.url ? "ready" : "loading";
  return (
    <div className="invites" data-testid="poster-content" data-state={state}>
      <section className="card poster">
        {poster.failed ? (
          <p className="card__note" role="alert">
            <Trans>This browser cannot draw the poster. Copy your invite link instead.</Trans>
          </p>
        ) : poster.url ? (
          <>
            <img
              className="poster__image"
              src={poster.url}
              width={POSTER_WIDTH}
              height={POSTER_HEIGHT}
              alt={t`Invitation poster with invite code ${code} and the QR code of your invite link`}
              data-testid="poster-image"
            />
            <a
              className="button button--primary button--block"
              href={poster.url}
              download={`shopradar-invite-${code}.png`}
              data-testid="poster-save"
            >
              <Trans>Save poster</Trans>
            </a>
            <p className="card__note">
              <Trans>Save the poster and share it in your chats and posts: friends scan the code to sign up.</Trans>
            </p>
          </>
        ) : (
          <span className="spinner" aria-hidden="true" />
        )}
      </section>
    </div>
  );
}
