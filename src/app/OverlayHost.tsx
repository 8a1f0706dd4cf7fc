// Hosts the global overlays above every page: the login prompt, the captcha and Google check
// dialogs, the upgrade dialog and the permission-detail popup (lazy chunks, loaded only when
// their store flag is raised), the questionnaire (lazy, about 1 s after sign-in), the
// new-registration dialog and the first-month discount drawer (each lazy behind a tiny
// launcher), the compare tray bar and toasts.
// Inside the router, so they can navigate.
import { lazy, Suspense, useState } from "react";
import { ToastHost } from "../components/Toast";
import { CompareTrayBar } from "../features/compare/CompareTrayBar";
import { DiscountDrawerLauncher } from "../features/discount-drawer/DiscountDrawerLauncher";
import { NewUserLauncher } from "../features/new-user/NewUserLauncher";
import { QuestionnaireLauncher } from "../features/questionnaire/QuestionnaireLauncher";
import { usePlanDetailsVisible, useUpgradeCheck } from "../state/price";
import { useCaptchaVisible, useGoogleCheck } from "../state/user";
import { LoginPrompt } from "./LoginPrompt";

const CaptchaDialog = lazy(() => import("../pages/login/CaptchaDialog"));
const GoogleCheckDialog = lazy(() => import("../pages/login/GoogleCheckDialog"));
const UpgradeDialog = lazy(() => import("../components/UpgradeDialog"));
const PlanDetailsPopup = lazy(() => import("../components/PlanDetailsPopup"));

/** True from the first time `flag` is true on: keeps a popup mounted so it can animate out. */
function useLatch(flag: boolean): boolean {
  const [latched, setLatched] = useState(flag);
  if (flag && !latched) setLatched(true);
  return latched || flag;
}

export function OverlayHost() {
  const captchaVisible = useCaptchaVisible();
  const googleCheck = useGoogleCheck();
  const upgradeCheck = useUpgradeCheck();
  const planDetails = useLatch(usePlanDetailsVisible());
  return (
    <>
      <LoginPrompt />
      <Suspense fallback={null}>
        {captchaVisible && <CaptchaDialog />}
        {googleCheck && <GoogleCheckDialog />}
        {upgradeCheck !== null && <UpgradeDialog />}
        {planDetails && <PlanDetailsPopup />}
      </Suspense>
      <QuestionnaireLauncher />
      <NewUserLauncher />
      <DiscountDrawerLauncher />
      <CompareTrayBar />
      <ToastHost />
    </>
  );
}
