// The copy-link notice: shown the first time a link is copied each day. The
// cookie `copy-notice` keeps {dateStr, visible} for 7 days; dateStr is the local date it was
// last shown.
import { getCookie, setCookie } from "./cookies";

export const COPY_NOTICE_COOKIE = "copy-notice";
export const COPY_NOTICE_DAYS = 7;

interface CopyNotice {
  dateStr: string;
  visible: boolean;
}

export function localDateString(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function readNotice(): CopyNotice | null {
  try {
    const value = JSON.parse(getCookie(COPY_NOTICE_COOKIE) ?? "null") as CopyNotice | null;
    return value && typeof value.dateStr === "string" ? value : null;
  } catch {
    return null;
  }
}

/** True when the notice has not been shown today; records it as shown. */
export function takeCopyNotice(now = new Date()): boolean {
  const today = localDateString(now);
  if (readNotice()?.dateStr === today) return false;
  setCookie(COPY_NOTICE_COOKIE, JSON.stringify({ dateStr: today, visible: false } satisfies CopyNotice), {
    days: COPY_NOTICE_DAYS,
  });
  return true;
}
