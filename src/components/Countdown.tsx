// The 10-minute countdown widget (spec §4, §9): starts at 10:00 and ticks every second, but
// only while the page is visible (document.visibilityState); seconds wrap 0 → 59; at 00:00 it
// stops and calls onClose once. Minutes and seconds are kept in the cookies countDown and
// countDownSeconds (and the day it ran in countDownDate), so a reload resumes where it was;
// restored values are reset to 10:00 when not from today, above 10 minutes, zero or invalid.
// Shown as mm:ss (two-digit padding) in a role="timer" with an accessible name.
import { useEffect, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import {
  COUNTDOWN_COOKIES,
  COUNTDOWN_DATE_COOKIE,
  COUNTDOWN_MINUTES,
  COUNTDOWN_TICK_MS,
} from "../../contract/marketing";
import { useLatest } from "../hooks/use-latest";
import { getCookie, removeCookie, setCookie } from "../platform/cookies";
import "./countdown.css";

const [MINUTES_COOKIE, SECONDS_COOKIE] = COUNTDOWN_COOKIES;
/** The day the countdown last ran (local YYYY-MM-DD): "not started today" resets it. */
const COOKIE_DAYS = 1;

export interface TimeLeft {
  minutes: number;
  seconds: number;
}

const FULL: TimeLeft = { minutes: COUNTDOWN_MINUTES, seconds: 0 };

/** The device's local date as YYYY-MM-DD. */
export function localDate(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The time left kept in the cookies, or 10:00 when not from today, above 10 minutes, zero or invalid. */
export function restoreTimeLeft(today = localDate()): TimeLeft {
  const minutes = Number(getCookie(MINUTES_COOKIE) ?? "x");
  const seconds = Number(getCookie(SECONDS_COOKIE) ?? "x");
  const valid =
    getCookie(COUNTDOWN_DATE_COOKIE) === today &&
    Number.isInteger(minutes) &&
    Number.isInteger(seconds) &&
    minutes >= 0 &&
    seconds >= 0 &&
    seconds < 60 &&
    minutes * 60 + seconds <= COUNTDOWN_MINUTES * 60 &&
    minutes + seconds > 0;
  return valid ? { minutes, seconds } : FULL;
}

function saveTimeLeft({ minutes, seconds }: TimeLeft): void {
  setCookie(MINUTES_COOKIE, String(minutes), { days: COOKIE_DAYS });
  setCookie(SECONDS_COOKIE, String(seconds), { days: COOKIE_DAYS });
  setCookie(COUNTDOWN_DATE_COOKIE, localDate(), { days: COOKIE_DAYS });
}

/** Forgets the countdown (the drawer hidden for the day; logout clears the same cookies). */
export function clearCountdownCookies(): void {
  for (const name of [...COUNTDOWN_COOKIES, COUNTDOWN_DATE_COOKIE]) removeCookie(name);
}

/** One second less: seconds wrap 0 → 59 taking a minute; 00:00 stays. */
export function tickDown({ minutes, seconds }: TimeLeft): TimeLeft {
  if (seconds > 0) return { minutes, seconds: seconds - 1 };
  if (minutes > 0) return { minutes: minutes - 1, seconds: 59 };
  return { minutes: 0, seconds: 0 };
}

export const formatTimeLeft = ({ minutes, seconds }: TimeLeft): string =>
  `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;

export interface CountdownProps {
  /** Called once when the countdown reaches 00:00. */
  onClose?: () => void;
  /** The timer's accessible name (default "Time left"). */
  label?: string;
  testId?: string;
}

export function Countdown({ onClose, label, testId = "countdown" }: CountdownProps) {
  const { t } = useLingui();
  const [left, setLeft] = useState(restoreTimeLeft);
  const onCloseRef = useLatest(onClose);
  const ended = left.minutes === 0 && left.seconds === 0;

  useEffect(() => {
    if (ended) return undefined;
    let current = restoreTimeLeft();
    saveTimeLeft(current);
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible") return;
      current = tickDown(current);
      saveTimeLeft(current);
      setLeft(current);
      if (current.minutes === 0 && current.seconds === 0) {
        clearInterval(timer);
        onCloseRef.current?.();
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [ended, onCloseRef]);

  return (
    <span className="countdown" role="timer" aria-label={label ?? t`Time left`} data-testid={testId}>
      {formatTimeLeft(left)}
    </span>
  );
}
