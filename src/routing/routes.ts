// The routes table, read by the router only (App, RouteView and the routing modules): each
// page's title, whether it needs login, whether it is a tab page or draws its own heading, and
// its lazy page loader, joined with its addresses from paths.ts. Components and pages link
// through paths.ts instead, so importing a link never pulls in the page loaders.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { PATHS, type RouteName } from "./paths";
import type { AppRoute, PageLoader } from "./route-types";

export type { AppRoute, PageLoader, PageProps } from "./route-types";

interface RouteDefinition {
  title: MessageDescriptor;
  /** Visiting without a token shows the login prompt instead of the page. */
  requiresLogin?: boolean;
  /** A tab page: shows the tab bar. */
  tab?: boolean;
  /** The page draws its own heading (the shell's title bar is left out). */
  ownHeading?: boolean;
  load: PageLoader;
}

const documentPage: PageLoader = () => import("../pages/webview");

const definitions: Record<RouteName, RouteDefinition> = {
  // Tab pages
  index: { title: msg`Home`, tab: true, ownHeading: true, load: () => import("../pages/tab/HomePage") },
  rank: { title: msg`List`, tab: true, load: () => import("../pages/tab/RankPage") },
  user: { title: msg`Me`, tab: true, load: () => import("../pages/tab/UserPage") },
  // Login group
  login: { title: msg`Log in`, load: () => import("../pages/login/LoginPage") },
  reset: { title: msg`Reset password`, load: () => import("../pages/login/ResetPage") },
  auth: { title: msg`Signing in`, load: () => import("../pages/login/AuthPage") },
  // Other pages
  customerValid: {
    title: msg`Add customer support`,
    requiresLogin: true,
    load: () => import("../pages/customer-valid/CustomerValidPage"),
  },
  notFound: { title: msg`Page not found`, load: () => import("../pages/not-found/NotFoundPage") },
  discovery: { title: msg`Discover`, load: () => import("../pages/discovery/DiscoveryPage") },
  goodsDetail: {
    title: msg`Product details`,
    requiresLogin: true,
    load: () => import("../pages/detail/GoodsDetailPage"),
  },
  videoDetail: {
    title: msg`Video details`,
    requiresLogin: true,
    load: () => import("../pages/detail/VideoDetailPage"),
  },
  influencersDetail: {
    title: msg`Influencer details`,
    requiresLogin: true,
    load: () => import("../pages/detail/InfluencerDetailPage"),
  },
  musicDetail: {
    title: msg`Music details`,
    requiresLogin: true,
    load: () => import("../pages/detail/MusicDetailPage"),
  },
  hashtagDetail: {
    title: msg`Hashtag details`,
    requiresLogin: true,
    load: () => import("../pages/detail/HashtagDetailPage"),
  },
  webview: { title: msg`Web page`, load: documentPage },
  serve: { title: msg`Service agreement`, load: documentPage },
  ys: { title: msg`Privacy policy`, load: documentPage },
  order: { title: msg`My orders`, requiresLogin: true, load: () => import("../pages/order/OrderPage") },
  // Checkout group
  checkout: { title: msg`Checkout`, requiresLogin: true, load: () => import("../pages/checkout/CheckoutPage") },
  paySuccess: {
    title: msg`Payment result`,
    requiresLogin: true,
    load: () => import("../pages/checkout/PaySuccessPage"),
  },
  comparison: { title: msg`Plan comparison`, load: () => import("../pages/checkout/ComparisonPage") },
  subscription: {
    title: msg`My Plan`,
    requiresLogin: true,
    load: () => import("../pages/checkout/SubscriptionPage"),
  },
  // Tools
  monitor: { title: msg`Monitor`, requiresLogin: true, load: () => import("../pages/tools/monitor/MonitorPage") },
  calculator: { title: msg`Profit calculator`, load: () => import("../pages/tools/calculator/CalculatorPage") },
  compare: { title: msg`Compare`, requiresLogin: true, load: () => import("../pages/tools/compare/ComparePage") },
  // Activity pages
  fission: {
    title: msg`Invite friends`,
    requiresLogin: true,
    load: () => import("../pages/activity/FissionPage"),
  },
  shareGetVip: { title: msg`Get free VIP`, load: () => import("../pages/activity/ShareGetVipPage") },
  poster: {
    title: msg`Invitation poster`,
    requiresLogin: true,
    load: () => import("../pages/activity/PosterPage"),
  },
  getThreeDayVip: { title: msg`3-day free VIP`, load: () => import("../pages/activity/GetThreeDayVipPage") },
  GetVip: { title: msg`Claim VIP`, load: () => import("../pages/activity/GetVipPage") },
  welfare: { title: msg`Member benefits`, load: () => import("../pages/activity/WelfarePage") },
  trial: { title: msg`Free trial`, load: () => import("../pages/activity/WelfarePage") },
  newUserActivity: { title: msg`New user offer`, load: () => import("../pages/activity/NewUserActivityPage") },
  campaign: { title: msg`Campaign`, load: () => import("../pages/activity/CampaignPage") },
  // Embedded components and system pages
  component: { title: msg`Feature`, load: () => import("../pages/component/ComponentPage") },
  chooseLocation: { title: msg`Choose location`, load: () => import("../pages/system/ChooseLocationPage") },
  shareTarget: { title: msg`Shared link`, load: () => import("../features/pwa/ShareTargetPage") },
  openLocation: { title: msg`View location`, load: () => import("../pages/system/OpenLocationPage") },
};

export const ROUTES: readonly AppRoute[] = PATHS.map((paths) => {
  const route = definitions[paths.name];
  return {
    ...paths,
    title: route.title,
    requiresLogin: route.requiresLogin ?? false,
    tab: route.tab ?? false,
    ownHeading: route.ownHeading ?? false,
    load: route.load,
  };
});

const byName = new Map(ROUTES.map((route) => [route.name, route]));

export function routeByName(name: RouteName): AppRoute {
  return byName.get(name)!;
}

export const TAB_ROUTES: readonly AppRoute[] = ROUTES.filter((route) => route.tab);

export const NOT_FOUND_ROUTE = routeByName("notFound");
