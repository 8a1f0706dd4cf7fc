// "Not again this session" for the new-registration dialog: a close (or following its link)
// keeps it from coming back until the tab's session ends. Imports nothing, so the boot bundle
// and the e2e fixtures (which pre-set the key so sign-ups in other tests are not covered by a
// modal) can read the key.

export const NEW_REGISTRATION_DISMISSED_KEY = "shopradar-new-registration-dismissed";

export function isNewRegistrationDismissed(): boolean {
  try {
    return sessionStorage.getItem(NEW_REGISTRATION_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

export function dismissNewRegistration(): void {
  try {
    sessionStorage.setItem(NEW_REGISTRATION_DISMISSED_KEY, "1");
  } catch {
    // No sessionStorage: closed until the next reload.
  }
}
