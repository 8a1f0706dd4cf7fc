// The first-month discount drawer's launcher, mounted once by OverlayHost and all the boot
// bundle carries of the drawer: it decides eligibility from the stores (signed in with a user
// id, overseas edition 14, the plan loaded and no plan) and lazy-loads the drawer chunk for that
// user, except on screens the drawer must not cover (signing in, checkout, payment result).
import { lazy, Suspense } from "react";
import { useLocation } from "wouter";
import { isOverlayFreePath } from "../../routing/overlay-free";
import { activityState, isVip } from "../../state/activity";
import { storeSubscription, useStoreValue } from "../../state/select";
import { systemState } from "../../state/system";
import { userState } from "../../state/user";

const DiscountDrawer = lazy(() => import("./DiscountDrawer"));

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
  if (!userId || isOverlayFreePath(path)) return null;
  return (
    <Suspense fallback={null}>
      <DiscountDrawer key={userId} userId={userId} />
    </Suspense>
  );
}
