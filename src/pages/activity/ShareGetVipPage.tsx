// The invitee's landing page (/shareGetVip/{type}, no login needed): "Your friend invited you to
// ShopRadar" with what a new account gets (invite-offer), and "Sign up to claim" to the login
// page. The invite code of the link (?ic= or a scene) is already kept by the app's start
// (state/user applySceneQuery), so the sign-up that follows credits the inviter. Signed in, the
// page shows the user's own award instead (features/invites/InviteeAwardStatus).
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { inviteOffer } from "../../api/invites";
import { InviteeAwardStatus } from "../../features/invites/InviteeAwardStatus";
import { planDays } from "../../features/invites/labels";
import { useAsync } from "../../hooks/use-async";
import { hrefFor } from "../../routing/paths";
import type { PageProps } from "../../routing/route-types";
import { brandName } from "../../routing/title";
import { useLocale } from "../../state/system";
import { useToken } from "../../state/user";
import "../checkout/checkout.css";
import "./invites.css";

function OfferLine() {
  const { i18n } = useLingui();
  const offer = useAsync(inviteOffer, []);
  if (!offer.data) return null;
  const award = offer.data.award;
  if (award.days <= 0) {
    return (
      <p className="card__note" data-testid="invite-offer">
        <Trans>Sign up to see what sells on short-video commerce.</Trans>
      </p>
    );
  }
  const what = planDays(award.days, award.plan, i18n);
  return (
    <p className="invite-offer" data-testid="invite-offer">
      <Trans>Sign up with their link and get {what} free.</Trans>
    </p>
  );
}

export default function ShareGetVipPage(_props: PageProps) {
  const token = useToken();
  const brand = brandName(useLocale());
  return (
    <div className="invites" data-testid="invite-landing">
      <section className="card invite-landing" aria-labelledby="invite-landing-title">
        <h2 className="card__title" id="invite-landing-title">
          <Trans>Your friend invited you to {brand}</Trans>
        </h2>
        <p className="card__note">
          <Trans>Find what sells on short-video commerce</Trans>
        </p>
        <OfferLine />
        {token ? (
          <InviteeAwardStatus />
        ) : (
          <Link href={hrefFor("login")} className="button button--primary button--block" data-testid="invite-sign-up">
            <Trans>Sign up to claim</Trans>
          </Link>
        )}
      </section>
    </div>
  );
}
