// The navigation guard: which pages an anonymous visitor may see, and where the
// login prompt's buttons lead.
import { resolvePath } from "./resolve";
import { hrefFor, type RouteName } from "./paths";
import type { AppRoute } from "./route-types";
import { ROUTES } from "./routes";

/** Pages open without a token: every page the routes table does not mark requiresLogin. */
export const LOGIN_WHITELIST: readonly RouteName[] = ROUTES.filter((route) => !route.requiresLogin).map(
  (route) => route.name,
);

/** Pages the login prompt's Cancel leaves for home: details and the checkout group. */
export const CANCEL_GOES_HOME_ROUTES: readonly RouteName[] = [
  "goodsDetail",
  "videoDetail",
  "influencersDetail",
  "musicDetail",
  "hashtagDetail",
  "checkout",
  "paySuccess",
  "comparison",
  "subscription",
];

export function mayEnter(route: AppRoute, token: string | undefined): boolean {
  return !route.requiresLogin || Boolean(token);
}

export function cancelGoesHome(pathname: string): boolean {
  const resolution = resolvePath(pathname);
  return resolution.kind === "page" && CANCEL_GOES_HOME_ROUTES.includes(resolution.name);
}

/** The login page, remembering the page to come back to. */
export function loginHref(from: string): string {
  return hrefFor("login", { from });
}
