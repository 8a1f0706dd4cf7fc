// /component/{type}: an alias of a tool or feature page (see component-types.ts). A known type
// replaces the history entry with that page's own link, keeping the query; an unknown one says
// "Unknown feature" (the type shown as plain text) with a link home, rather than the 404 page.
import { useEffect } from "react";
import { Trans } from "@lingui/react/macro";
import { Link, useLocation, useSearch } from "wouter";
import { hrefFor } from "../../routing/paths";
import type { PageProps } from "../../routing/route-types";
import { componentTarget } from "./component-types";

/** The router leaves reserved characters (%3D, %2F) encoded; show the type as typed. */
function readable(type: string): string {
  try {
    return decodeURIComponent(type);
  } catch {
    return type;
  }
}

export default function ComponentPage({ params }: PageProps) {
  const type = params.type ?? "";
  const target = componentTarget(type);
  const search = useSearch();
  const [, navigate] = useLocation();

  useEffect(() => {
    if (target) navigate(hrefFor(target, new URLSearchParams(search)), { replace: true });
  }, [target, search, navigate]);

  if (target) return null;
  const shown = readable(type);
  return (
    <div className="empty-state" data-testid="unknown-feature">
      <h2 className="empty-state__title">
        <Trans>Unknown feature</Trans>
      </h2>
      <p>
        <Trans>
          This app has no feature called <q data-testid="unknown-feature-type">{shown}</q>.
        </Trans>
      </p>
      <Link href={hrefFor("index")} className="button button--primary" data-testid="unknown-feature-home">
        <Trans>Back to home</Trans>
      </Link>
    </div>
  );
}
