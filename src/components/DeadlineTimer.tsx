// The "lessDay" deadline timer (spec §4, §9): while LESS_DAY_THRESHOLD_DAYS (3) days or more
// are left it shows the deadline's date ("Ends on 05/20/2025"); below that a live countdown
// "Ends in 2d 03:04:05" ticking each second; at the deadline "Ended" and onEnd is called once.
// `clockOffsetMs` = server time − device time, for pages that know the server's clock
// (queryActivity's server_time), so a wrong phone clock does not move the deadline.
// Rendered as role="timer" (not announced each second); test id `deadline-timer` (or `testId`).
import { useEffect, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { LESS_DAY_THRESHOLD_DAYS } from "../../contract/marketing";
import { useLatest } from "../hooks/use-latest";
import { formatDate } from "../lib/format";
import { useLocale } from "../state/system";
import "./deadline-timer.css";

const SECOND = 1000;
const DAY = 86_400_000;
export const LESS_DAY_MS = LESS_DAY_THRESHOLD_DAYS * DAY;

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The parts of a time left (ms, rounded up to whole seconds, so 00:00:00 is the end; negative is zero). */
export function splitTimeLeft(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(ms / SECOND));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** hh:mm:ss of the time left within the day. */
export function clockOf(ms: number): string {
  const { hours, minutes, seconds } = splitTimeLeft(ms);
  return `${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}`;
}

export interface DeadlineTimerProps {
  /** The deadline (ISO string, Date or epoch ms). */
  deadline: string | number | Date;
  /** Server time minus device time in ms (0 when unknown). */
  clockOffsetMs?: number;
  /** Called once when the deadline is reached while mounted (not when it had already passed). */
  onEnd?: () => void;
  testId?: string;
}

export function DeadlineTimer({ deadline, clockOffsetMs = 0, onEnd, testId = "deadline-timer" }: DeadlineTimerProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const end = new Date(deadline).getTime();
  const [now, setNow] = useState(() => Date.now());
  const onEndRef = useLatest(onEnd);
  const remaining = end - (now + clockOffsetMs);

  useEffect(() => {
    if (!(end - (Date.now() + clockOffsetMs) > 0)) return undefined;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (end - (tick + clockOffsetMs) <= 0) {
        clearInterval(timer);
        onEndRef.current?.();
      }
    }, SECOND);
    return () => clearInterval(timer);
  }, [end, clockOffsetMs, onEndRef]);

  if (Number.isNaN(end)) return null;
  let text: string;
  if (remaining >= LESS_DAY_MS) {
    const date = formatDate(end, locale);
    text = t`Ends on ${date}`;
  } else if (remaining > 0) {
    const { days } = splitTimeLeft(remaining);
    const clock = clockOf(remaining);
    text = t`Ends in ${days}d ${clock}`;
  } else {
    text = t`Ended`;
  }
  return (
    <span className="deadline-timer" role="timer" data-testid={testId}>
      {text}
    </span>
  );
}
