// Me: the sign-in entry when anonymous, the nick name and Log out when signed in, the
// language switcher and the app version. Open to anonymous visitors.
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { hrefFor } from "../../app/routes";
import { APP_VERSION } from "../../app/version";
import { showToast } from "../../state/system";
import { logout, useNickName, useToken } from "../../state/user";
import { LanguageSwitcher } from "./LanguageSwitcher";

function Account() {
  const { t } = useLingui();
  const token = useToken();
  const nickName = useNickName();
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
      <button type="button" className="button button--block" data-testid="logout" disabled={leaving} onClick={signOut}>
        <Trans>Log out</Trans>
      </button>
    </>
  );
}

export default function UserPage() {
  const languageId = useId();
  const version = APP_VERSION;
  return (
    <>
      <section className="card">
        <Account />
      </section>
      <section className="card card--row">
        <label htmlFor={languageId}>
          <Trans>Language</Trans>
        </label>
        <LanguageSwitcher id={languageId} />
      </section>
      <p className="app-version" data-testid="app-version">
        <Trans>Version {version}</Trans>
      </p>
    </>
  );
}
