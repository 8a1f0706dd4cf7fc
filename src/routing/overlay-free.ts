// The screens the app's own overlays (the questionnaire, the new-registration dialog, the
// discount drawer) must not cover: signing in, adding the support contact, checkout and the
// payment result. The overlay launchers wait while the user is on one of them.
import type { RouteName } from "./paths";
import { resolvePath } from "./resolve";

const OVERLAY_FREE_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  "login",
  "reset",
  "auth",
  "customerValid",
  "checkout",
  "paySuccess",
]);

/** Whether `path` shows a screen no overlay may cover. */
export function isOverlayFreePath(path: string): boolean {
  const resolved = resolvePath(path);
  return resolved.kind === "page" && OVERLAY_FREE_ROUTES.has(resolved.name);
}
