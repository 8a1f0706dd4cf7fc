// The bottom tab bar (Home, List, Me), 100 rpx (50 px) high, shown on tab pages only; at
// ≥ 1024 px it is the side navigation (app/desktop.css). A navigation landmark with a name. The
// router (RouteView) hands it the tab routes, so the bar never imports the routes table.
import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { hrefFor, type RouteName } from "../routing/paths";
import type { AppRoute } from "../routing/route-types";

export function TabBar({ tabs, active }: { tabs: readonly AppRoute[]; active: RouteName }) {
  const { i18n, t } = useLingui();
  return (
    <nav className="tab-bar" aria-label={t`Main navigation`} data-testid="tab-bar">
      {tabs.map((route) => (
        <Link
          key={route.name}
          href={hrefFor(route.name)}
          className={route.name === active ? "tab-bar__tab tab-bar__tab--active" : "tab-bar__tab"}
          aria-current={route.name === active ? "page" : undefined}
          data-testid={`tab-${route.name}`}
        >
          {i18n._(route.title)}
        </Link>
      ))}
    </nav>
  );
}
