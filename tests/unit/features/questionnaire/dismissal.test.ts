// "Not again today": a skipped questionnaire stays closed in this session and, through the
// local date in localStorage, in new sessions (page loads, tabs) of the same day; the next
// day it may ask again.
import { beforeEach, expect, test } from "vitest";
import {
  dismissQuestionnaire,
  isQuestionnaireDismissed,
  localDate,
  QUESTIONNAIRE_DISMISSED_DATE_KEY,
} from "../../../../src/features/questionnaire/dismissal";

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

test("the local date is YYYY-MM-DD of the local calendar", () => {
  expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
});

test("never closed: it may open", () => {
  expect(isQuestionnaireDismissed()).toBe(false);
});

test("closed in the morning: a new session the same evening does not reopen it", () => {
  dismissQuestionnaire(new Date(2026, 10, 24, 8, 0));
  sessionStorage.clear(); // a new tab or a restarted browser
  expect(isQuestionnaireDismissed(new Date(2026, 10, 24, 21, 30))).toBe(true);
  expect(localStorage.getItem(QUESTIONNAIRE_DISMISSED_DATE_KEY)).toBe("2026-11-24");
});

test("the next day a new session may open it again", () => {
  dismissQuestionnaire(new Date(2026, 10, 24, 23, 50));
  sessionStorage.clear();
  expect(isQuestionnaireDismissed(new Date(2026, 10, 25, 0, 10))).toBe(false);
});

test("within the session it stays closed even past midnight", () => {
  dismissQuestionnaire(new Date(2026, 10, 24, 23, 50));
  expect(isQuestionnaireDismissed(new Date(2026, 10, 25, 0, 10))).toBe(true);
});
