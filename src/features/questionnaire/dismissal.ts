// "Not again today": once the questionnaire popup was skipped, submitted or failed silently, it
// does not come back for the rest of the browser session (sessionStorage) nor, in other tabs
// and later page loads, for the rest of that calendar day (the local date kept in
// localStorage). The next day asks again if the server still has unanswered questions; drafts
// keep what was already answered. Imports nothing, so the boot bundle and e2e fixtures can read
// the keys.

export const QUESTIONNAIRE_DISMISSED_KEY = "shopradar-questionnaire-dismissed";
/** localStorage: the local date (YYYY-MM-DD) the popup was last closed on. */
export const QUESTIONNAIRE_DISMISSED_DATE_KEY = "shopradar-questionnaire-dismissed-on";

/** The local calendar date of `now` as YYYY-MM-DD. */
export function localDate(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function isQuestionnaireDismissed(now = new Date()): boolean {
  try {
    if (sessionStorage.getItem(QUESTIONNAIRE_DISMISSED_KEY) === "1") return true;
    return localStorage.getItem(QUESTIONNAIRE_DISMISSED_DATE_KEY) === localDate(now);
  } catch {
    return false;
  }
}

export function dismissQuestionnaire(now = new Date()): void {
  try {
    sessionStorage.setItem(QUESTIONNAIRE_DISMISSED_KEY, "1");
    localStorage.setItem(QUESTIONNAIRE_DISMISSED_DATE_KEY, localDate(now));
  } catch {
    // No storage: the popup stays closed until the next reload.
  }
}
