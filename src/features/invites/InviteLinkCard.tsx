// The user's invite on /fission: the invite code, the invite link (a read-only field, so it can
// be selected by hand too), "Copy link", "Share" (system share sheet, else copy) and
// "Make a poster" (/poster).
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { InviteCode } from "../../api/invites";
import { hrefFor } from "../../routing/paths";
import { brandName } from "../../routing/title";
import { useLocale } from "../../state/system";
import { useShareLink } from "../../components/ShareButton";

export function InviteLinkCard({ invite }: { invite: InviteCode }) {
  const { t } = useLingui();
  // No "open it on a computer" notice: an invite link is meant for a phone.
  const { copy, share } = useShareLink(
    invite.shareUrl,
    brandName(useLocale()),
    t`Find what sells on short-video commerce`,
    { notice: false },
  );
  return (
    <section className="card" aria-labelledby="invite-link-title" data-testid="invite-link-card">
      <h2 className="card__title" id="invite-link-title">
        <Trans>Your invite</Trans>
      </h2>
      <p className="invite-code">
        <Trans>Invite code</Trans> <strong data-testid="invite-code">{invite.inviteCode}</strong>
      </p>
      <label className="invite-link">
        <span className="invite-link__label">
          <Trans>Invite link</Trans>
        </span>
        <input
          className="invite-link__input"
          type="url"
          readOnly
          value={invite.shareUrl}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="invite-link"
        />
      </label>
      <div className="invite-actions">
        <button type="button" className="button button--primary" onClick={() => void copy()} data-testid="invite-copy">
          <Trans>Copy link</Trans>
        </button>
        <button type="button" className="button" onClick={() => void share()} data-testid="invite-share">
          <Trans>Share</Trans>
        </button>
        <Link href={hrefFor("poster")} className="button" data-testid="invite-poster">
          <Trans>Make a poster</Trans>
        </Link>
      </div>
    </section>
  );
}
