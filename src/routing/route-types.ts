// The shapes the router hands to pages: a route (addresses plus title, login rule, tab flag and
// page loader) and a page's props. Types only, so pages and the shell can name them without
// importing the routes table and its page loaders.
import type { ComponentType } from "react";
import type { MessageDescriptor } from "@lingui/core";
import type { RoutePaths } from "./paths";

export interface PageProps {
  route: AppRoute;
  params: Readonly<Record<string, string | undefined>>;
}

export type PageLoader = () => Promise<{ default: ComponentType<PageProps> }>;

export interface AppRoute extends RoutePaths {
  readonly title: MessageDescriptor;
  /** Visiting without a token shows the login prompt instead of the page. */
  readonly requiresLogin: boolean;
  /** A tab page: shows the tab bar. */
  readonly tab: boolean;
  /** The page draws its own heading (the shell's title bar is left out). */
  readonly ownHeading: boolean;
  readonly load: PageLoader;
}
