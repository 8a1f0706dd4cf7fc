// One page of the app as the router shows it: title bar, document title, the login guard
// (a page that needs login shows only its heading and opens the login prompt), the lazily
// loaded page inside its error boundary (a crash shows a retry view), and the tab bar on tab pages. Every page outside the sign-in group is
// remembered as the previous page, where a login returns to.
import { useEffect } from "react";
import { Trans } from "@lingui/react/macro";
import { useLocation, useSearch } from "wouter";
import { openLoginDialog, setPreviousPage, useToken } from "../state/user";
import { mayEnter } from "../routing/guard";
import { DemoCrash } from "./DemoCrash";
import { ErrorBoundary } from "./ErrorBoundary";
import { LazyPage } from "./LazyPage";
import { PageHeader } from "./PageHeader";
import { LOGIN_GROUP_ROUTES } from "../routing/paths";
import type { PageProps } from "../routing/route-types";
import { TAB_ROUTES } from "../routing/routes";
import { TabBar } from "./TabBar";
import { useDocumentTitle } from "../hooks/use-document-title";

/** Tab pages get the tab bar's room; the sign-in forms a narrow column on desktop (app/desktop.css). */
const pageClass = (route: PageProps["route"]): string =>
  route.tab ? "page page--tab" : LOGIN_GROUP_ROUTES.includes(route.name) ? "page page--form" : "page";

export function RouteView({ route, params }: PageProps) {
  const allowed = mayEnter(route, useToken());
  const [location] = useLocation();
  const search = useSearch();
  useDocumentTitle(route.title);
  useEffect(() => {
    if (!allowed) openLoginDialog();
  }, [allowed]);
  useEffect(() => {
    if (!LOGIN_GROUP_ROUTES.includes(route.name)) setPreviousPage(search ? `${location}?${search}` : location);
  }, [route.name, location, search]);

  return (
    <div className={pageClass(route)} data-testid={`page-${route.name}`}>
      {!route.ownHeading && <PageHeader route={route} />}
      <main className="page__body">
        {allowed ? (
          <ErrorBoundary resetKey={location}>
            <DemoCrash />
            <LazyPage route={route} params={params} />
          </ErrorBoundary>
        ) : (
          <p className="empty-state" data-testid="login-required">
            <Trans>Sign in to see this page.</Trans>
          </p>
        )}
      </main>
      {route.tab && <TabBar tabs={TAB_ROUTES} active={route.name} />}
    </div>
  );
}
