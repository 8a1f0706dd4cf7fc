// Store rules: the current combo is the first of the list and VIP means it
// has an id; API codes 801-803 raise the upgrade check with their code; the scene's invite
// code (30 days) and channel feed sign-ups; a captcha key lasts a day.
import { afterEach, expect, test, vi } from "vitest";
import { getCookie, removeCookie } from "../../../src/platform/cookies";
import {
  activityState,
  clearCombo,
  isVip,
  markNewRegistration,
  NEW_REGISTRATION_KEY,
  setCurrentComboList,
} from "../../../src/state/activity";
import { priceState, raiseUpgradeCheck } from "../../../src/state/price";
import {
  applySceneQuery,
  CAPTCHA_KEY_COOKIE,
  captchaKey,
  currentReferral,
  initUserFromCookies,
  INVITE_CODE_COOKIE,
  saveCaptchaKey,
  userState,
} from "../../../src/state/user";

afterEach(() => {
  vi.useRealTimers();
  removeCookie(INVITE_CODE_COOKIE);
  removeCookie(CAPTCHA_KEY_COOKIE);
  Object.assign(userState, { inviteCode: "", channelId: "" });
});

test("the current combo is the first item of the list, VIP when it has an id", () => {
  setCurrentComboList([{ id: 11, daysToEndTime: 5 }, { id: 12 }]);
  expect(activityState.currentCombo).toEqual({ id: 11, daysToEndTime: 5 });
  expect(isVip(activityState.currentCombo)).toBe(true);
  setCurrentComboList([]);
  expect(activityState.currentCombo).toBeNull();
  expect(isVip(activityState.currentCombo)).toBe(false);
  expect(isVip({ daysToEndTime: 3 })).toBe(false);
  setCurrentComboList([{ id: 1 }]);
  clearCombo();
  expect(activityState.currentCombo).toBeNull();
});

test("an upgrade check records its code and opens the popup", () => {
  raiseUpgradeCheck(802);
  expect(priceState).toMatchObject({ showCheckPopup: true, dialogType: 802 });
});

test("a login that registered sets the new-registration flag in local storage", () => {
  localStorage.removeItem(NEW_REGISTRATION_KEY);
  markNewRegistration();
  expect(localStorage.getItem(NEW_REGISTRATION_KEY)).toBe("1");
});

test("the scene's invite code is kept 30 days and restored at boot; its channel id when numeric", () => {
  vi.useFakeTimers({ now: new Date("2026-03-01T00:00:00Z"), toFake: ["Date"] });
  applySceneQuery(`?scene=${encodeURIComponent("ic=FRIEND7&cid=12")}`);
  expect(currentReferral()).toEqual({ inviteCode: "FRIEND7", channelId: 12 });
  userState.inviteCode = "";
  initUserFromCookies();
  expect(userState.inviteCode).toBe("FRIEND7");
  vi.setSystemTime(new Date("2026-03-30T23:00:00Z"));
  expect(getCookie(INVITE_CODE_COOKIE)).toBe("FRIEND7");
  vi.setSystemTime(new Date("2026-03-31T01:00:00Z"));
  expect(getCookie(INVITE_CODE_COOKIE)).toBeUndefined();
});

test("odd invite codes are ignored and odd channels fall back to the default channel 1", () => {
  applySceneQuery("?ic=bad%20code!&cid=web");
  expect(currentReferral()).toEqual({ inviteCode: "", channelId: 1 });
  applySceneQuery("");
  expect(currentReferral()).toEqual({ inviteCode: "", channelId: 1 });
});

test("a captcha key lasts one day", () => {
  vi.useFakeTimers({ now: new Date("2026-03-01T00:00:00Z"), toFake: ["Date"] });
  saveCaptchaKey("key-1");
  expect(captchaKey()).toBe("key-1");
  vi.setSystemTime(new Date("2026-03-02T00:00:01Z"));
  expect(captchaKey()).toBeUndefined();
});
