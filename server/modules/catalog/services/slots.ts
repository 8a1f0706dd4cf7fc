// Refresh slot times per cadence, memoized until the next slot: the business clock goes
// through Intl (Europe/London), too slow to ask on every request of a hot list.
import { nextUpdateAt, updatedAt, type Cadence } from "../engine";

export interface SlotTimes {
  updated_at: string;
  next_update_at: string;
  /** When the next slot starts (ms since the epoch): an answer with these times holds until then. */
  until: number;
}

const memo = new Map<Cadence, SlotTimes & { from: number; until: number }>();

export function slotTimes(cadence: Cadence, now: Date): SlotTimes {
  const ms = now.getTime();
  const hit = memo.get(cadence);
  if (hit && ms >= hit.from && ms < hit.until) return hit;
  const updated = updatedAt(cadence, now);
  const next = nextUpdateAt(cadence, now);
  const times = {
    updated_at: updated.toISOString(),
    next_update_at: next.toISOString(),
    from: updated.getTime(),
    until: next.getTime(),
  };
  memo.set(cadence, times);
  return times;
}
