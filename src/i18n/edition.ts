// The edition a locale belongs to: Chinese (system id 13) or overseas (14). A build
// can pin one edition with VITE_SYSTEM_ID.
import type { Locale } from "./locales";

export type SystemId = 13 | 14;

export function systemIdFor(locale: Locale, pinned: string | undefined = import.meta.env.VITE_SYSTEM_ID): SystemId {
  if (pinned === "13" || pinned === "14") return Number(pinned) as SystemId;
  return locale === "zh" ? 13 : 14;
}
