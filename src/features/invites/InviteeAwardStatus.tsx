// The invite landing page's part for a signed-in user (invitee-award): the award VIP they got
// for registering through an invite (plan and end date, with My Plan), or why there is none:
// the offer is for new accounts (registered without an invite), or the invite gave no award.
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { inviteeAward } from "../../api/invites";
import { LoadFailed } from "../../components/LoadFailed";
import { useAsync } from "../../hooks/use-async";
import { formatDate } from "../../lib/format";
import { hrefFor } from "../../routing/paths";
import { useLocale } from "../../state/system";
import { planDays } from "./labels";

export function InviteeAwardStatus() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const award = useAsync(inviteeAward, []);
  if (award.error !== undefined && award.data === undefined) {
    return (
      <LoadFailed onRetry={award.reload}>
        <Trans>Your award could not be loaded.</Trans>
      </LoadFailed>
    );
  }
  if (award.data === undefined) return <span className="spinner" aria-hidden="true" />;
  const data = award.data;
  if (!data) {
    return (
      <p className="checkout__notice" role="status" data-testid="invitee-award" data-award="none">
        <Trans>This offer is for new accounts.</Trans>
      </p>
    );
  }
  if (!data.endTime || data.days <= 0) {
    return (
      <p className="checkout__notice" role="status" data-testid="invitee-award" data-award="refused">
        <Trans>You signed up through an invite, but it came with no award for this account.</Trans>
      </p>
    );
  }
  const what = planDays(data.days, data.plan, i18n);
  const until = formatDate(data.endTime, locale);
  const inviter = data.inviter;
  return (
    <div className="result" data-testid="invitee-award" data-award="granted" data-end-time={data.endTime}>
      <h3 className="result__title">
        <Trans>Your award is active</Trans>
      </h3>
      <p className="result__detail">
        <Trans>
          Thanks to {inviter}, you got {what}, until {until}.
        </Trans>
      </p>
      <Link href={hrefFor("subscription")} className="button button--primary button--block">
        <Trans>My Plan</Trans>
      </Link>
    </div>
  );
}
