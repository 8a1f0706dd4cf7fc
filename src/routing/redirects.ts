// Paths that are not pages but lead to one: the desktop site's public URLs and the
// old internal paths. Each redirects (replacing the history entry) to the mobile page's
// canonical link, keeping the visitor's query string.
import { hrefFor, type RouteName } from "./paths";

export interface RedirectRule {
  readonly from: string;
  readonly to: RouteName;
  /** Query the target needs; it wins over the same key in the incoming query. */
  readonly query?: Readonly<Record<string, string>>;
}

/** Desktop public URL map (/user, /login, /reset, /checkout are already page aliases). */
export const DESKTOP_REDIRECTS: readonly RedirectRule[] = [
  { from: "/home", to: "index" },
  { from: "/checkout/comparison", to: "comparison" },
  { from: "/influencers/sales", to: "rank", query: { type: "influencers", rankType: "sales" } },
  { from: "/products/sales", to: "rank", query: { type: "goods", rankType: "top-sale" } },
  { from: "/videos/products", to: "rank", query: { type: "videos", rankType: "sales" } },
  { from: "/discovery/influencers", to: "discovery", query: { type: "influencers" } },
  { from: "/discovery/videos", to: "discovery", query: { type: "videos" } },
  { from: "/influencers/detail", to: "influencersDetail" },
  { from: "/products/detail", to: "goodsDetail" },
  { from: "/videos/detail", to: "videoDetail" },
];

/** Old tab and detail internal paths. */
export const LEGACY_REDIRECTS: readonly RedirectRule[] = [
  { from: "/pages/index/index", to: "index" },
  { from: "/pages/rank/rank", to: "rank" },
  { from: "/pages/user/user", to: "user" },
  { from: "/pages/tab/index", to: "index" },
  { from: "/pages/tab/rank", to: "rank" },
  { from: "/pages/tab/user", to: "user" },
  { from: "/pages/details/goodsDetail", to: "goodsDetail" },
  { from: "/pages/details/videoDetail", to: "videoDetail" },
  { from: "/pages/details/influencersDetail", to: "influencersDetail" },
  { from: "/pages/discovery/discovery", to: "discovery" },
];

export const REDIRECTS: readonly RedirectRule[] = [...DESKTOP_REDIRECTS, ...LEGACY_REDIRECTS];

export function redirectTarget(rule: RedirectRule, search: string): string {
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(rule.query ?? {})) query.set(key, value);
  return hrefFor(rule.to, query);
}
