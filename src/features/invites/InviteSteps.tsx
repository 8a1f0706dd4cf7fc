// "How it works" of /fission: three short steps (share your link, a friend signs up, you both
// get VIP) with the real terms of invite-code: the inviter's reward per friend, the friend's
// award (left out when it is 0 days) and how many friends earn a reward at most.
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { InviteOffer } from "../../api/invites";
import { planDays } from "./labels";

export function InviteSteps({ offer }: { offer: InviteOffer }) {
  const { i18n, t } = useLingui();
  const reward = planDays(offer.reward.days, offer.reward.plan, i18n);
  const award = planDays(offer.award.days, offer.award.plan, i18n);
  const cap = offer.reward.cap;
  return (
    <section className="card" aria-labelledby="invite-steps-title" data-testid="invite-steps">
      <h2 className="card__title" id="invite-steps-title">
        <Trans>How it works</Trans>
      </h2>
      <ol className="invite-steps">
        <li>
          <Trans>Share your invite link or poster with a friend.</Trans>
        </li>
        <li>
          <Trans>Your friend signs up through your link.</Trans>
        </li>
        <li data-testid="invite-step-reward">
          {offer.award.days > 0 ? (
            <Trans>
              You both get VIP: {reward} for you, {award} for your friend.
            </Trans>
          ) : (
            <Trans>You get {reward} for each friend who signs up.</Trans>
          )}
        </li>
      </ol>
      <p className="card__note" data-testid="invite-cap">
        {t`${plural(cap, {
          one: "Rewards for up to # friend. A friend counts once, and not when they sign up on your device or network.",
          other:
            "Rewards for up to # friends. A friend counts once, and not when they sign up on your device or network.",
        })}`}
      </p>
    </section>
  );
}
