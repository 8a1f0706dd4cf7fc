// The shared body of pages whose features arrive in later issues; the shell draws the title.
import { Trans } from "@lingui/react/macro";

export default function ComingSoon() {
  return (
    <div className="empty-state" data-testid="coming-soon">
      <p className="empty-state__title">
        <Trans>Coming soon</Trans>
      </p>
      <p>
        <Trans>We are building this page. Please check back later.</Trans>
      </p>
    </div>
  );
}
