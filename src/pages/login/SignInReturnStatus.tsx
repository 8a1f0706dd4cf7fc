// What a redirect sign-in's return page (Google, WeChat) shows while it finishes: "Signing you
// in…", or why it failed with a way back to the login page.
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { hrefFor } from "../../routing/paths";

export function SignInFailed({ text }: { text: string }) {
  return (
    <div className="page-status" role="alert">
      <p data-testid="auth-error">{text}</p>
      <Link href={hrefFor("login")} className="button button--primary" data-testid="auth-back-login">
        <Trans>Back to log in</Trans>
      </Link>
    </div>
  );
}

export function SigningIn() {
  return (
    <div className="page-status" role="status" data-testid="auth-pending">
      <span className="spinner" aria-hidden="true" />
      <Trans>Signing you in…</Trans>
    </div>
  );
}
