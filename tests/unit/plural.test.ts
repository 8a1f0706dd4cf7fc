// Lingui plurals in every locale (ARCHITECTURE.md, i18n convention): the freshness copy of the
// home page rendered for 1 and 5 hours from each real catalog.
import { expect, test } from "vitest";
import { activateCatalog } from "../../src/i18n/catalog";
import type { Locale } from "../../src/i18n/locales";
import { refreshCopy } from "../../src/pages/tab/homeSections";

const EXPECTED: Record<Locale, [one: string, five: string, fiveAtNoon: string]> = {
  en: ["Updated every hour", "Updated every 5 hours", "Updated every 5 hours, at 12 o'clock"],
  zh: ["每小时更新一次", "每 5 小时更新一次", "每 5 小时更新一次（12 点）"],
  vi: ["Cập nhật mỗi giờ", "Cập nhật mỗi 5 giờ", "Cập nhật mỗi 5 giờ, lúc 12 giờ"],
  id: ["Diperbarui setiap jam", "Diperbarui setiap 5 jam", "Diperbarui setiap 5 jam, pukul 12"],
  th: ["อัปเดตทุกชั่วโมง", "อัปเดตทุก 5 ชั่วโมง", "อัปเดตทุก 5 ชั่วโมง เวลา 12 นาฬิกา"],
};

test.each(Object.entries(EXPECTED) as [Locale, [string, string, string]][])("%s plurals", async (locale, [one, five, fiveAtNoon]) => {
  await activateCatalog(locale);
  expect(refreshCopy(1)).toBe(one);
  expect(refreshCopy(5)).toBe(five);
  expect(refreshCopy(5, 12)).toBe(fiveAtNoon);
});
