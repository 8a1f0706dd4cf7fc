// The routes table: the one source of truth for every screen of spec §2 — internal path,
// public aliases, name, title, whether login is required, tab page or not, accepted query and
// the lazy page loader. The router, tab bar, guard, titles and tests all read it.
import type { ComponentType } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export interface PageProps {
  route: AppRoute;
  params: Readonly<Record<string, string | undefined>>;
}

export type PageLoader = () => Promise<{ default: ComponentType<PageProps> }>;

interface RouteDefinition {
  /** The internal (mini-program style) path; a wouter pattern. */
  path: string;
  /** Public paths rendering the same page; the first one is the canonical link. */
  aliases?: readonly string[];
  title: MessageDescriptor;
  /** Visiting without a token shows the login prompt instead of the page. */
  requiresLogin?: boolean;
  /** A tab page: shows the tab bar. */
  tab?: boolean;
  /** The page draws its own heading (the shell's title bar is left out). */
  ownHeading?: boolean;
  /** Query keys the page reads, with their defaults ("" = none). */
  query?: Readonly<Record<string, string>>;
  load: PageLoader;
}

const documentPage: PageLoader = () => import("../pages/webview");

const comingSoonGroup = {
  order: () => import("../pages/order"),
  checkout: () => import("../pages/checkout"),
  activity: () => import("../pages/activity"),
  component: () => import("../pages/component"),
  system: () => import("../pages/system"),
} satisfies Record<string, PageLoader>;

const definitions = {
  // Tab pages
  index: {
    path: "/pages/tab/index/index",
    aliases: ["/"],
    title: msg`Home`,
    tab: true,
    ownHeading: true,
    load: () => import("../pages/tab/HomePage"),
  },
  rank: {
    path: "/pages/tab/rank/rank",
    aliases: ["/rank"],
    title: msg`List`,
    tab: true,
    query: { type: "influencers", rankType: "breakout" },
    load: () => import("../pages/tab/RankPage"),
  },
  user: {
    path: "/pages/tab/user/user",
    aliases: ["/user"],
    title: msg`Me`,
    tab: true,
    load: () => import("../pages/tab/UserPage"),
  },
  // Login group
  login: { path: "/login/pages/login/login", aliases: ["/login"], title: msg`Log in`, load: () => import("../pages/login/LoginPage") },
  reset: { path: "/login/pages/reset/reset", aliases: ["/reset"], title: msg`Reset password`, load: () => import("../pages/login/ResetPage") },
  auth: { path: "/login/pages/auth/auth", aliases: ["/auth"], title: msg`Signing in`, load: () => import("../pages/login/AuthPage") },
  // Other pages
  customerValid: {
    path: "/subCustomerValid/pages/valid/valid",
    aliases: ["/customerValid"],
    title: msg`Add customer support`,
    requiresLogin: true,
    load: () => import("../pages/customer-valid/CustomerValidPage"),
  },
  notFound: { path: "/404", title: msg`Page not found`, load: () => import("../pages/not-found/NotFoundPage") },
  discovery: {
    path: "/subRankPages/pages/discovery/discovery",
    aliases: ["/discovery"],
    title: msg`Discover`,
    query: { type: "videos", keyword: "" },
    load: () => import("../pages/discovery/DiscoveryPage"),
  },
  goodsDetail: {
    path: "/subGoodsDetail/pages/details/goodsDetail",
    aliases: ["/goodsDetail"],
    title: msg`Product details`,
    requiresLogin: true,
    query: { id: "" },
    load: () => import("../pages/detail/GoodsDetailPage"),
  },
  videoDetail: {
    path: "/subVideosDetail/pages/details/videoDetail",
    aliases: ["/videoDetail"],
    title: msg`Video details`,
    requiresLogin: true,
    query: { id: "" },
    load: () => import("../pages/detail/VideoDetailPage"),
  },
  influencersDetail: {
    path: "/subInfluencersDetail/pages/details/influencersDetail",
    aliases: ["/influencersDetail"],
    title: msg`Influencer details`,
    requiresLogin: true,
    query: { id: "" },
    load: () => import("../pages/detail/InfluencerDetailPage"),
  },
  webview: { path: "/subWebView/pages/webview/webview", aliases: ["/webview"], title: msg`Web page`, load: documentPage },
  serve: { path: "/subWebView/pages/webview/serve", aliases: ["/serve"], title: msg`Service agreement`, load: documentPage },
  ys: { path: "/subWebView/pages/webview/ys", aliases: ["/ys"], title: msg`Privacy policy`, load: documentPage },
  order: { path: "/subOrders/pages/order", aliases: ["/order"], title: msg`My orders`, requiresLogin: true, load: comingSoonGroup.order },
  // Checkout group
  checkout: {
    path: "/subCheckoutPage/pages/checkout/checkout",
    aliases: ["/checkout"],
    title: msg`Checkout`,
    requiresLogin: true,
    query: { marketing_id: "", group_num: "" },
    load: comingSoonGroup.checkout,
  },
  paySuccess: {
    path: "/subCheckoutPage/pages/paySuccess/paySuccess",
    aliases: ["/paySuccess"],
    title: msg`Payment successful`,
    requiresLogin: true,
    load: comingSoonGroup.checkout,
  },
  comparison: {
    path: "/subCheckoutPage/pages/comparison/comparison",
    aliases: ["/comparison"],
    title: msg`Plan comparison`,
    load: comingSoonGroup.checkout,
  },
  subscription: {
    path: "/subCheckoutPage/pages/subscription/subscription",
    aliases: ["/subscription"],
    title: msg`My Plan`,
    requiresLogin: true,
    load: comingSoonGroup.checkout,
  },
  // Activity pages
  fission: { path: "/subActivity/pages/fission/fission", aliases: ["/fission"], title: msg`Invite friends`, load: comingSoonGroup.activity },
  shareGetVip: {
    path: "/subActivity/pages/getVip/getVip",
    aliases: ["/shareGetVip/:type"],
    title: msg`Get free VIP`,
    load: comingSoonGroup.activity,
  },
  poster: { path: "/subActivity/pages/poster/poster", aliases: ["/poster"], title: msg`Invitation poster`, load: comingSoonGroup.activity },
  getThreeDayVip: {
    path: "/subActivity/pages/getThreeDayVip/getThreeDayVip",
    aliases: ["/getThreeDayVip"],
    title: msg`3-day free VIP`,
    load: comingSoonGroup.activity,
  },
  GetVip: { path: "/subActivity/pages/h5-GetVip/GetVip/GetVip", aliases: ["/GetVip"], title: msg`Claim VIP`, load: comingSoonGroup.activity },
  welfare: {
    path: "/subActivity/pages/h5-GetVip/welfare/welfare",
    aliases: ["/welfare"],
    title: msg`Member benefits`,
    load: comingSoonGroup.activity,
  },
  trial: {
    path: "/subActivity/pages/welfare/welfare",
    aliases: ["/trial"],
    title: msg`Free trial`,
    query: { marketing_id: "", channel_id: "" },
    load: comingSoonGroup.activity,
  },
  newUserActivity: {
    path: "/subActivity/pages/newUserActivity/newUserActivity",
    aliases: ["/newUserActivity"],
    title: msg`New user offer`,
    load: comingSoonGroup.activity,
  },
  campaign: { path: "/subActivity/pages/campaign/campaign", aliases: ["/campaign"], title: msg`Campaign`, load: comingSoonGroup.activity },
  // Embedded components and system pages
  component: { path: "/component/:type", title: msg`Feature`, load: comingSoonGroup.component },
  chooseLocation: { path: "/system/choose-location", title: msg`Choose location`, load: comingSoonGroup.system },
  openLocation: { path: "/system/open-location", title: msg`View location`, load: comingSoonGroup.system },
} satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof definitions;

export interface AppRoute {
  readonly name: RouteName;
  readonly path: string;
  readonly aliases: readonly string[];
  readonly title: MessageDescriptor;
  readonly requiresLogin: boolean;
  readonly tab: boolean;
  readonly ownHeading: boolean;
  readonly query: Readonly<Record<string, string>>;
  readonly load: PageLoader;
}

export const ROUTES: readonly AppRoute[] = Object.entries(definitions).map(([name, definition]) => {
  const route: RouteDefinition = definition;
  return {
    name: name as RouteName,
    path: route.path,
    aliases: route.aliases ?? [],
    title: route.title,
    requiresLogin: route.requiresLogin ?? false,
    tab: route.tab ?? false,
    ownHeading: route.ownHeading ?? false,
    query: route.query ?? {},
    load: route.load,
  };
});

const byName = new Map(ROUTES.map((route) => [route.name, route]));

export function routeByName(name: RouteName): AppRoute {
  return byName.get(name)!;
}

/** The sign-in pages: never remembered as the page to come back to after login. */
export const LOGIN_GROUP_ROUTES: readonly RouteName[] = ["login", "reset", "auth", "customerValid"];

/** Names of the non-detail pages (spec §2). */
export const NON_DETAIL_ROUTES: readonly RouteName[] = ["index", "rank", "user"];

export const TAB_ROUTES: readonly AppRoute[] = ROUTES.filter((route) => route.tab);

export const NOT_FOUND_ROUTE = routeByName("notFound");

/** The canonical link of a page (its first alias without parameters, else its path) plus a query. */
export function hrefFor(name: RouteName, query?: URLSearchParams | Record<string, string>): string {
  const route = routeByName(name);
  const search = new URLSearchParams(query).toString();
  const path = route.aliases.find((alias) => !alias.includes(":")) ?? route.path;
  return path + (search ? `?${search}` : "");
}
