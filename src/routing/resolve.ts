// Path resolution shared by the router and everything that must know "which page is this":
// one ordered list of entries (every page path and alias, then every redirect) matched with
// wouter's matcher and our parser, so the <Switch> and resolvePath() can never disagree. Built
// from the addresses alone (paths.ts), so the tracker and the questionnaire can ask without
// importing the routes table.
import { matchRoute } from "wouter";
import { parsePattern } from "./path-pattern";
import { PATHS, type RouteName } from "./paths";
import { REDIRECTS, type RedirectRule } from "./redirects";

export type SwitchEntry =
  { kind: "page"; pattern: string; name: RouteName } | { kind: "redirect"; pattern: string; rule: RedirectRule };

export const SWITCH_ENTRIES: readonly SwitchEntry[] = [
  ...PATHS.flatMap((paths) =>
    [paths.path, ...paths.aliases].map((pattern): SwitchEntry => ({ kind: "page", pattern, name: paths.name })),
  ),
  ...REDIRECTS.map((rule): SwitchEntry => ({ kind: "redirect", pattern: rule.from, rule })),
];

export type Resolution =
  | { kind: "page"; name: RouteName; params: Record<string, string | undefined> }
  | { kind: "redirect"; rule: RedirectRule };

/** The page or redirect for a pathname; unknown paths give the 404 page, rendered in place. */
export function resolvePath(pathname: string): Resolution {
  for (const entry of SWITCH_ENTRIES) {
    const [matches, params] = matchRoute(parsePattern, entry.pattern, pathname);
    if (!matches) continue;
    return entry.kind === "page"
      ? { kind: "page", name: entry.name, params: { ...params } }
      : { kind: "redirect", rule: entry.rule };
  }
  return { kind: "page", name: "notFound", params: {} };
}

/** The page a pathname shows, or the page its redirect leads to. */
export function pageNameOf(pathname: string): RouteName {
  const resolution = resolvePath(pathname);
  return resolution.kind === "page" ? resolution.name : resolution.rule.to;
}
