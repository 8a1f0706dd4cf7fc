// Hosts the global overlays above every page: the login prompt, the captcha and Google check
// dialogs (lazy chunks, loaded only when their store flag is raised) and toasts (later issues
// add the questionnaire and upgrade dialogs here). Inside the router, so they can navigate.
import { lazy, Suspense } from "react";
import { ToastHost } from "../components/Toast";
import { useCaptchaVisible, useGoogleCheck } from "../state/user";
import { LoginPrompt } from "./LoginPrompt";

const CaptchaDialog = lazy(() => import("../pages/login/CaptchaDialog"));
const GoogleCheckDialog = lazy(() => import("../pages/login/GoogleCheckDialog"));

export function OverlayHost() {
  const captchaVisible = useCaptchaVisible();
  const googleCheck = useGoogleCheck();
  return (
    <>
      <LoginPrompt />
      <Suspense fallback={null}>
        {captchaVisible && <CaptchaDialog />}
        {googleCheck && <GoogleCheckDialog />}
      </Suspense>
      <ToastHost />
    </>
  );
}
