// The 404 page: shown at /404 and, in place, for any path the routes table does not know.
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { hrefFor } from "../../routing/paths";

export default function NotFoundPage() {
  return (
    <div className="empty-state" data-testid="not-found">
      <p className="empty-state__title">
        <Trans>Sorry, this page does not exist.</Trans>
      </p>
      <Link href={hrefFor("index")} className="button button--primary" data-testid="not-found-home">
        <Trans>Back to home</Trans>
      </Link>
    </div>
  );
}
