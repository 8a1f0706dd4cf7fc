// The discount drawer's per-user, per-day cookies (spec §4): drawer-visible-{userId} holds the
// date the drawer was last shown full size (once a day), discount-show-date-{userId} the date
// the user closed the mini badge (nothing shown for the rest of that day; the countdown cookies
// are cleared then). Dates are the device's local YYYY-MM-DD; a cookie holding another day's
// date counts as absent, so the rules follow the calendar, not the cookies' lifetimes.
import { discountShowDateCookie, drawerVisibleCookie } from "../../../contract/marketing";
import { clearCountdownCookies, localDate } from "../../components/Countdown";
import { getCookie, setCookie } from "../../platform/cookies";

/** Long enough to outlive the day it was written on. */
const COOKIE_DAYS = 2;

/** The mini badge was closed today: nothing is shown or polled for this user until tomorrow. */
export const isHiddenToday = (userId: string | number, today = localDate()): boolean =>
  getCookie(discountShowDateCookie(userId)) === today;

/** True the first time it is asked on a day (and marks the day): the drawer opens full size. */
export function takeFullSizeToday(userId: string | number, today = localDate()): boolean {
  if (getCookie(drawerVisibleCookie(userId)) === today) return false;
  setCookie(drawerVisibleCookie(userId), today, { days: COOKIE_DAYS });
  return true;
}

/** Closing the mini badge: hidden for the rest of the day, and the countdown starts over next time. */
export function hideForToday(userId: string | number, today = localDate()): void {
  setCookie(discountShowDateCookie(userId), today, { days: COOKIE_DAYS });
  clearCountdownCookies();
}
