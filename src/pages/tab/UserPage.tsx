// Me: the sign-in entry when anonymous; signed in, the nick name, the masked account, the
// current plan with its end date, Log out and the favourites list. Also the tools (monitor,
// calculator, compare), what each plan unlocks, campaign notifications, "Add to home screen"
// (when the browser offers it), the language switcher, the theme and the app version. Open to
// anonymous visitors.
import { useId, useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { PlanName } from "../../api/subscription";
import { hrefFor } from "../../routing/paths";
import { APP_VERSION } from "../../lib/version";
import { maskAccount } from "../../../contract/mask";
import { isVip, useCurrentCombo } from "../../state/activity";
import { showToast, useLocale } from "../../state/system";
import { logout, useAccount, useNickName, useToken } from "../../state/user";
import { openPlanDetails } from "../../state/price";
import { InstallEntry } from "../../features/install/InstallEntry";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { MeFavourites } from "./MeFavourites";
import { PushSettings } from "../../features/push/PushSettings";
import { PwaSettings } from "../../features/pwa/PwaSettings";
import { ToolsNav } from "../../components/ToolsNav";
import { CommunityGroups } from "../../features/community/CommunityGroups";
import { LocationEntry } from "../../features/location/LocationEntry";
import { ThemeSwitch } from "../../features/theme/ThemeSwitch";

const PLAN_NAMES: Record<PlanName, MessageDescriptor> = {
  basic: msg`Basic`,
  premium: msg`Premium`,
  pro: msg`Pro`,
};

function CurrentPlan() {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const combo = useCurrentCombo();
  if (combo === undefined) return null;
  if (!combo || !isVip(combo)) {
    return (
      <p className="account__plan" data-testid="me-plan">
        <Trans>Free plan</Trans>
      </p>
    );
  }
  const plan = combo.plan ? i18n._(PLAN_NAMES[combo.plan]) : t`Member`;
  const endDate = combo.endTime
    ? new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(combo.endTime))
    : "";
  return (
    <p className="account__plan" data-testid="me-plan">
      {endDate ? (
        <Trans>
          {plan}, until {endDate}
        </Trans>
      ) : (
        plan
      )}
    </p>
  );
}

function Account() {
  const { t } = useLingui();
  const token = useToken();
  const nickName = useNickName();
  const account = maskAccount(useAccount());
  const [leaving, setLeaving] = useState(false);

  if (!token) {
    return (
      <Link href={hrefFor("login")} className="button button--primary button--block" data-testid="sign-in-entry">
        <Trans>Sign in / Register</Trans>
      </Link>
    );
  }
  const signOut = async () => {
    setLeaving(true);
    await logout();
    setLeaving(false);
    showToast(t`You have logged out`);
  };
  return (
    <>
      <p className="account__name" data-testid="user-nick-name">
        {nickName || t`Member`}
      </p>
      {account && (
        <p className="account__id" data-testid="me-account">
          {account}
        </p>
      )}
      <CurrentPlan />
      <button
        type="button"
        className="button button--block"
        data-testid="logout"
        disabled={leaving}
        onClick={() => void signOut()}
      >
        <Trans>Log out</Trans>
      </button>
    </>
  );
}

export default function UserPage() {
  const languageId = useId();
  const version = APP_VERSION;
  const token = useToken();
  return (
    <>
      <section className="card">
        <Account />
      </section>
      {token && (
        <nav className="card card--row" data-testid="me-membership-links">
          <Link href={hrefFor("subscription")} className="button" data-testid="me-my-plan">
            <Trans>My Plan</Trans>
          </Link>
          <Link href={hrefFor("order")} className="button" data-testid="me-my-orders">
            <Trans>My orders</Trans>
          </Link>
          <Link href={hrefFor("fission")} className="button" data-testid="me-invite-friends">
            <Trans>Invite friends</Trans>
          </Link>
        </nav>
      )}
      <ToolsNav />
      {token && <MeFavourites />}
      <section className="card card--row">
        <span>
          <Trans>Membership benefits</Trans>
        </span>
        <button type="button" className="button button--small" data-testid="me-plan-details" onClick={openPlanDetails}>
          <Trans>What each plan unlocks</Trans>
        </button>
      </section>
      <CommunityGroups className="card community" />
      <PushSettings />
      <InstallEntry />
      <PwaSettings />
      <LocationEntry />
      <section className="card card--row">
        <label htmlFor={languageId}>
          <Trans>Language</Trans>
        </label>
        <LanguageSwitcher id={languageId} />
      </section>
      <ThemeSwitch />
      <p className="app-version" data-testid="app-version">
        <Trans>Version {version}</Trans>
      </p>
    </>
  );
}
