// What /component/{type} can open: each type names the route it is an alias of (the tools and
// a few feature pages). Pure data plus a lookup, so tests and the page share one list.
import type { RouteName } from "../../routing/paths";

export const COMPONENT_TYPES = {
  calculator: "calculator",
  compare: "compare",
  monitor: "monitor",
  discovery: "discovery",
  comparison: "comparison",
  subscription: "subscription",
  fission: "fission",
  poster: "poster",
} as const satisfies Record<string, RouteName>;

export type ComponentType = keyof typeof COMPONENT_TYPES;

/** The route a component type opens, or null for a type the app does not know. */
export function componentTarget(type: string | undefined): RouteName | null {
  if (!type || !Object.hasOwn(COMPONENT_TYPES, type)) return null;
  return COMPONENT_TYPES[type as ComponentType];
}
