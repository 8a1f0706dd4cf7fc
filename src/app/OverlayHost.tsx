// Hosts the global overlays above every page: the login prompt and toasts (later issues add
// captcha, questionnaire and upgrade dialogs here). Inside the router, so they can navigate.
import { ToastHost } from "../components/Toast";
import { LoginPrompt } from "./LoginPrompt";

export function OverlayHost() {
  return (
    <>
      <LoginPrompt />
      <ToastHost />
    </>
  );
}
