// The first-month discount drawer's launcher, mounted once by OverlayHost and all the boot
// bundle carries of the drawer: it decides eligibility from the stores (signed in with a user
// id, overseas edition 14, the plan loaded and no plan) and lazy-loads the drawer chunk for that
// user, except on screens the drawer must not cover (signing in, checkout, payment result).
import { lazy, Suspense } from "react";
import { useLocation } from "wouter";
import type { RouteName } from "../../routing/paths";
import { resolvePath } from "../../routing/resolve";
import { activityState, isVip } from "../../state/activity";
import { storeSubscription, useStoreValue } from "../../state/select";
import { systemState } from "../../state/system";
import { userState } from "../../state/user";

const DiscountDrawer = lazy(() => import("./DiscountDrawer"));

const NOT_OVER: ReadonlySet<RouteName> = new Set<RouteName>([
  "login",
  "reset",
  "auth",
  "customerValid",
  "checkout",
  "paySuccess",
]);

/** The signed-in user the drawer is for ("" when none is eligible). */
export function eligibleUser(): string {
  const { token, userId } = userState;
  if (!token || userId === null || userId === "" || systemState.systemId !== 14) return "";
  if (!activityState.comboLoaded || isVip(activityState.currentCombo)) return "";
  return String(userId);
}

const changes = storeSubscription(userState, systemState, activityState);

export function DiscountDrawerLauncher() {
  const userId = useStoreValue(changes, eligibleUser);
  const [path] = useLocation();
  const resolved = resolvePath(path);
  if (!userId || (resolved.kind === "page" && NOT_OVER.has(resolved.name))) return null;
  return (
    <Suspense fallback={null}>
      <DiscountDrawer key={userId} userId={userId} />
    </Suspense>
  );
}
