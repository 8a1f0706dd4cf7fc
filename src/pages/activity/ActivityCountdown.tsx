// The claim pages' live countdown to an activity's end ("Ends in 29d 23:59:12", every second,
// at any distance: a campaign page is about the time left, unlike the lessDay DeadlineTimer that
// shows a date until the last 3 days). It counts on the server's clock (`clockOffsetMs` = server
// time − device time, from queryActivity's server_time), so a wrong phone clock does not move
// the end; at the end it calls onEnd once. role="timer" (not announced each second).
import { useEffect, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { clockOf, splitTimeLeft } from "../../components/DeadlineTimer";
import { useLatest } from "../../hooks/use-latest";

export interface ActivityCountdownProps {
  endsAt: string;
  clockOffsetMs: number;
  onEnd: () => void;
}

export function ActivityCountdown({ endsAt, clockOffsetMs, onEnd }: ActivityCountdownProps) {
  const { t } = useLingui();
  const end = Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.now());
  const onEndRef = useLatest(onEnd);

  useEffect(() => {
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (end - (tick + clockOffsetMs) <= 0) {
        clearInterval(timer);
        onEndRef.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [end, clockOffsetMs, onEndRef]);

  const remaining = end - (now + clockOffsetMs);
  const { days } = splitTimeLeft(remaining);
  const clock = clockOf(remaining);
  return (
    <span className="activity__countdown" role="timer" aria-label={t`Time left`} data-testid="activity-countdown">
      {t`Ends in ${days}d ${clock}`}
    </span>
  );
}
