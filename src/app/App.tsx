// The app shell: a wouter <Switch> generated from the routes table (pages, aliases and
// redirects, then the 404 page rendered in place for anything else), the offline banner, the
// demo-mode badge and the overlay host for global dialogs and toasts.
import { Redirect, Route, Router, Switch, useSearch } from "wouter";
import { OfflineBanner } from "../components/OfflineBanner";
import { DemoBadge } from "./DemoBadge";
import { OverlayHost } from "./OverlayHost";
import { parsePattern } from "../routing/path-pattern";
import { redirectTarget, type RedirectRule } from "../routing/redirects";
import { SWITCH_ENTRIES } from "../routing/resolve";
import { NOT_FOUND_ROUTE, routeByName } from "../routing/routes";
import { RouteView } from "./RouteView";

function RedirectTo({ rule }: { rule: RedirectRule }) {
  return <Redirect to={redirectTarget(rule, useSearch())} replace />;
}

export function App() {
  return (
    <Router parser={parsePattern}>
      <OfflineBanner />
      <Switch>
        {SWITCH_ENTRIES.map((entry) => (
          <Route key={entry.pattern} path={entry.pattern}>
            {(params: Record<string, string | undefined>) =>
              entry.kind === "page" ? (
                <RouteView route={routeByName(entry.name)} params={params} />
              ) : (
                <RedirectTo rule={entry.rule} />
              )
            }
          </Route>
        ))}
        <Route>
          <RouteView route={NOT_FOUND_ROUTE} params={{}} />
        </Route>
      </Switch>
      <OverlayHost />
      <DemoBadge />
    </Router>
  );
}
