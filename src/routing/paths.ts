// The app's addresses: every page's name, internal (mini-program style) path, public aliases and
// accepted query, and hrefFor() to link to one. No titles, guards or page loaders here, so any
// component or page may import it without pulling in the routes table (routes.ts), which only
// the router reads.

interface PathDefinition {
  /** The internal (mini-program style) path; a wouter pattern. */
  path: string;
  /** Public paths rendering the same page; the first one without parameters is the canonical link. */
  aliases?: readonly string[];
  /** Query keys the page reads, with their defaults ("" = none). */
  query?: Readonly<Record<string, string>>;
}

const definitions = {
  // Tab pages
  index: { path: "/pages/tab/index/index", aliases: ["/"] },
  rank: { path: "/pages/tab/rank/rank", aliases: ["/rank"], query: { type: "influencers", rankType: "breakout" } },
  user: { path: "/pages/tab/user/user", aliases: ["/user"] },
  // Login group
  login: { path: "/login/pages/login/login", aliases: ["/login"] },
  reset: { path: "/login/pages/reset/reset", aliases: ["/reset"] },
  auth: { path: "/login/pages/auth/auth", aliases: ["/auth"] },
  // Other pages
  customerValid: { path: "/subCustomerValid/pages/valid/valid", aliases: ["/customerValid"] },
  notFound: { path: "/404" },
  discovery: {
    path: "/subRankPages/pages/discovery/discovery",
    aliases: ["/discovery"],
    query: { type: "videos", keyword: "" },
  },
  goodsDetail: { path: "/subGoodsDetail/pages/details/goodsDetail", aliases: ["/goodsDetail"], query: { id: "" } },
  videoDetail: { path: "/subVideosDetail/pages/details/videoDetail", aliases: ["/videoDetail"], query: { id: "" } },
  influencersDetail: {
    path: "/subInfluencersDetail/pages/details/influencersDetail",
    aliases: ["/influencersDetail"],
    query: { id: "" },
  },
  musicDetail: { path: "/subMusicDetail/pages/details/musicDetail", aliases: ["/musicDetail"], query: { id: "" } },
  hashtagDetail: {
    path: "/subHashtagDetail/pages/details/hashtagDetail",
    aliases: ["/hashtagDetail"],
    query: { id: "" },
  },
  webview: { path: "/subWebView/pages/webview/webview", aliases: ["/webview"] },
  serve: { path: "/subWebView/pages/webview/serve", aliases: ["/serve"] },
  ys: { path: "/subWebView/pages/webview/ys", aliases: ["/ys"] },
  order: { path: "/subOrders/pages/order", aliases: ["/order"] },
  // Checkout group
  checkout: {
    path: "/subCheckoutPage/pages/checkout/checkout",
    aliases: ["/checkout"],
    query: { marketing_id: "", group_num: "" },
  },
  paySuccess: { path: "/subCheckoutPage/pages/paySuccess/paySuccess", aliases: ["/paySuccess"] },
  comparison: { path: "/subCheckoutPage/pages/comparison/comparison", aliases: ["/comparison"] },
  subscription: { path: "/subCheckoutPage/pages/subscription/subscription", aliases: ["/subscription"] },
  // Tools
  monitor: { path: "/subTools/pages/monitor/monitor", aliases: ["/monitor"], query: { tab: "items" } },
  calculator: {
    path: "/subTools/pages/calculator/calculator",
    aliases: ["/calculator"],
    query: { price: "", commission_rate: "", market: "", category: "" },
  },
  compare: { path: "/subTools/pages/compare/compare", aliases: ["/compare"], query: { type: "goods", ids: "" } },
  // Activity pages
  fission: { path: "/subActivity/pages/fission/fission", aliases: ["/fission"] },
  shareGetVip: { path: "/subActivity/pages/getVip/getVip", aliases: ["/shareGetVip/:type"] },
  poster: { path: "/subActivity/pages/poster/poster", aliases: ["/poster"] },
  getThreeDayVip: { path: "/subActivity/pages/getThreeDayVip/getThreeDayVip", aliases: ["/getThreeDayVip"] },
  GetVip: { path: "/subActivity/pages/h5-GetVip/GetVip/GetVip", aliases: ["/GetVip"] },
  welfare: { path: "/subActivity/pages/h5-GetVip/welfare/welfare", aliases: ["/welfare"] },
  trial: {
    path: "/subActivity/pages/welfare/welfare",
    aliases: ["/trial"],
    query: { marketing_id: "", channel_id: "" },
  },
  newUserActivity: { path: "/subActivity/pages/newUserActivity/newUserActivity", aliases: ["/newUserActivity"] },
  campaign: { path: "/subActivity/pages/campaign/campaign", aliases: ["/campaign"] },
  // Embedded components and system pages
  component: { path: "/component/:type" },
  chooseLocation: { path: "/system/choose-location" },
  shareTarget: { path: "/share-target", query: { title: "", text: "", url: "" } },
  openLocation: { path: "/system/open-location", query: { name: "", address: "", lat: "", lng: "" } },
} satisfies Record<string, PathDefinition>;

export type RouteName = keyof typeof definitions;

export interface RoutePaths {
  readonly name: RouteName;
  readonly path: string;
  readonly aliases: readonly string[];
  readonly query: Readonly<Record<string, string>>;
}

/** Every page's addresses, in the order the router tries them. */
export const PATHS: readonly RoutePaths[] = Object.entries(definitions).map(([name, definition]) => {
  const paths: PathDefinition = definition;
  return { name: name as RouteName, path: paths.path, aliases: paths.aliases ?? [], query: paths.query ?? {} };
});

const byName = new Map(PATHS.map((paths) => [paths.name, paths]));

export function pathsOf(name: RouteName): RoutePaths {
  return byName.get(name)!;
}

/** The sign-in pages: never remembered as the page to come back to after login. */
export const LOGIN_GROUP_ROUTES: readonly RouteName[] = ["login", "reset", "auth", "customerValid"];

/** Names of the non-detail pages. */
export const NON_DETAIL_ROUTES: readonly RouteName[] = ["index", "rank", "user"];

/** The canonical link of a page (its first alias without parameters, else its path) plus a query. */
export function hrefFor(name: RouteName, query?: URLSearchParams | Record<string, string>): string {
  const paths = pathsOf(name);
  const search = new URLSearchParams(query).toString();
  const path = paths.aliases.find((alias) => !alias.includes(":")) ?? paths.path;
  return path + (search ? `?${search}` : "");
}
