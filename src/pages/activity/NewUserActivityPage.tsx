// The new-user offer (/newUserActivity, where the new-registration dialog leads): what the
// sign-up trial gives, the first-month discount (the first of the type-5 list, an OfferCard),
// the invitee award when the user signed up through an invite (invitee-award), "Invite friends"
// (/fission) and "Get tips on WhatsApp/Zalo" (the phone-collection dialog; signed out: the
// login prompt).
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { inviteeAward } from "../../api/invites";
import { openPhoneCollection } from "../../features/new-user/phone-collection-flag";
import { SIGN_UP_TRIAL_DAYS, SIGN_UP_TRIAL_PLAN } from "../../../contract/commerce";
import { planDays } from "../../features/invites/labels";
import { useAsync } from "../../hooks/use-async";
import { formatDate } from "../../lib/format";
import { hrefFor } from "../../routing/paths";
import type { PageProps } from "../../routing/route-types";
import { useLocale } from "../../state/system";
import { openLoginDialog, useToken } from "../../state/user";
import { OfferCard } from "./OfferCard";
import { firstMonthOffers } from "./offers";
import "./activity.css";

function FirstMonthOffer() {
  const token = useToken();
  const offers = useAsync(() => firstMonthOffers(Boolean(token)), [token]);
  const first = offers.data?.[0];
  if (!first) return null;
  return (
    <section className="card" data-testid="new-user-discount">
      <h2 className="card__title">
        <Trans>First-month discount</Trans>
      </h2>
      <ul className="offers">
        <OfferCard offer={first} page="newUserActivity" />
      </ul>
    </section>
  );
}

/** The award of the invite the user signed up through; nothing when there is none. */
function InviteeAwardLine() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const award = useAsync(() => inviteeAward().catch(() => null), []);
  const data = award.data;
  if (!data?.endTime || data.days <= 0) return null;
  const what = planDays(data.days, data.plan, i18n);
  const until = formatDate(data.endTime, locale);
  return (
    <p className="activity__gives" data-testid="new-user-award">
      <Trans>
        Your invite award: {what}, until {until}.
      </Trans>
    </p>
  );
}

export default function NewUserActivityPage(_props: PageProps) {
  const { i18n, t } = useLingui();
  const token = useToken();
  const trial = planDays(SIGN_UP_TRIAL_DAYS, SIGN_UP_TRIAL_PLAN, i18n);
  return (
    <div className="activity-page" data-testid="new-user-activity-page">
      <section className="card">
        <h2 className="card__title">
          <Trans>Welcome offers for new users</Trans>
        </h2>
        <p className="card__note" data-testid="new-user-trial">
          <Trans>Every new account gets {trial} free: every list in full and searches without daily limits.</Trans>
        </p>
        {token && <InviteeAwardLine />}
      </section>
      <FirstMonthOffer />
      <nav className="activity-links" aria-label={t`More offers`}>
        <Link href={hrefFor("fission")} className="button button--block" data-testid="new-user-invite">
          <Trans>Invite friends</Trans>
        </Link>
        <button
          type="button"
          className="button button--block"
          data-testid="new-user-phone"
          onClick={token ? openPhoneCollection : openLoginDialog}
        >
          <Trans>Get tips on WhatsApp/Zalo</Trans>
        </button>
      </nav>
    </div>
  );
}
