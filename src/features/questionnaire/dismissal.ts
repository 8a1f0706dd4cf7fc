// "Not again this session": once the questionnaire popup was skipped, submitted or failed
// silently, it does not come back until the browser session (the tab's sessionStorage) ends.
// A new session asks again if the server still has unanswered questions; drafts keep what was
// already answered. Imports nothing, so the boot bundle and e2e fixtures can read the key.

export const QUESTIONNAIRE_DISMISSED_KEY = "shopradar-questionnaire-dismissed";

export function isQuestionnaireDismissed(): boolean {
  try {
    return sessionStorage.getItem(QUESTIONNAIRE_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

export function dismissQuestionnaire(): void {
  try {
    sessionStorage.setItem(QUESTIONNAIRE_DISMISSED_KEY, "1");
  } catch {
    // No sessionStorage: the popup stays closed until the next reload.
  }
}
