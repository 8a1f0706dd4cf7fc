// The new-user overlays' launcher, mounted once by OverlayHost and all the boot bundle carries of
// them: the new-registration dialog when a sign-up left its localStorage flag
// (state/activity NEW_REGISTRATION_KEY) and it was not dismissed this session, once the user is
// off the screens it must not cover (signing in, checkout, payment result); and the
// phone-collection dialog while its flag is raised. Each dialog is its own lazy chunk.
import { lazy, Suspense, useState } from "react";
import { useLocation } from "wouter";
import { isOverlayFreePath } from "../../routing/overlay-free";
import { NEW_REGISTRATION_KEY } from "../../state/activity";
import { useToken } from "../../state/user";
import { isNewRegistrationDismissed } from "./dismissal";
import { closePhoneCollection, usePhoneCollectionOpen } from "./phone-collection-flag";

const NewRegistrationDialog = lazy(() => import("./NewRegistrationDialog"));
const PhoneCollectionDialog = lazy(() => import("./PhoneCollectionDialog"));

/** A sign-up left the flag and the dialog was not closed this session. */
export function newRegistrationPending(): boolean {
  try {
    return localStorage.getItem(NEW_REGISTRATION_KEY) !== null && !isNewRegistrationDismissed();
  } catch {
    return false;
  }
}

export function NewUserLauncher() {
  const token = useToken();
  const [path] = useLocation();
  const waiting = isOverlayFreePath(path);
  const phoneOpen = usePhoneCollectionOpen();
  // Latched: the dialog clears the flag when it mounts and stays until closed.
  const [welcome, setWelcome] = useState(false);
  if (!welcome && token && !waiting && newRegistrationPending()) setWelcome(true);

  if (!(welcome && token) && !(phoneOpen && token)) return null;
  return (
    <Suspense fallback={null}>
      {welcome && token && <NewRegistrationDialog onClose={() => setWelcome(false)} />}
      {phoneOpen && token && <PhoneCollectionDialog onClose={closePhoneCollection} />}
    </Suspense>
  );
}
