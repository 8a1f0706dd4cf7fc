// Path resolution shared by the router and everything that must know "which page is this":
// one ordered list of entries (every page path and alias, then every redirect) matched with
// wouter's matcher and our parser, so the <Switch> and resolvePath() can never disagree.
import { matchRoute } from "wouter";
import { parsePattern } from "./path-pattern";
import { REDIRECTS, type RedirectRule } from "./redirects";
import { NOT_FOUND_ROUTE, ROUTES, type AppRoute } from "./routes";

export type SwitchEntry =
  | { kind: "page"; pattern: string; route: AppRoute }
  | { kind: "redirect"; pattern: string; rule: RedirectRule };

export const SWITCH_ENTRIES: readonly SwitchEntry[] = [
  ...ROUTES.flatMap((route) =>
    [route.path, ...route.aliases].map((pattern): SwitchEntry => ({ kind: "page", pattern, route })),
  ),
  ...REDIRECTS.map((rule): SwitchEntry => ({ kind: "redirect", pattern: rule.from, rule })),
];

export type Resolution =
  | { kind: "page"; route: AppRoute; params: Record<string, string | undefined> }
  | { kind: "redirect"; rule: RedirectRule };

/** The page or redirect for a pathname; unknown paths give the 404 page, rendered in place. */
export function resolvePath(pathname: string): Resolution {
  for (const entry of SWITCH_ENTRIES) {
    const [matches, params] = matchRoute(parsePattern, entry.pattern, pathname);
    if (!matches) continue;
    return entry.kind === "page" ? { kind: "page", route: entry.route, params: { ...params } } : { kind: "redirect", rule: entry.rule };
  }
  return { kind: "page", route: NOT_FOUND_ROUTE, params: {} };
}
