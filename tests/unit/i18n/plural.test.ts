// Plurals in every locale (ARCHITECTURE.md, i18n convention), from each real catalog: a Lingui
// plural (the sign-in screens' "wait N seconds", 60024) for 1 and 5, and the home page's
// freshness copy, whose singular and plural forms are separate messages (no Intl on the home's
// first render) for 1 and 5 hours.
import { i18n } from "@lingui/core";
import { expect, test } from "vitest";
import { resendTooSoonMessage } from "../../../src/api/server-messages";
import { activateCatalog } from "../../../src/i18n/catalog";
import type { Locale } from "../../../src/i18n/locales";
import { refreshCopy } from "../../../src/pages/tab/home-sections";

const EXPECTED: Record<
  Locale,
  { wait: [one: string, five: string]; copy: [one: string, five: string, fiveAtNoon: string] }
> = {
  en: {
    wait: [
      "Please wait 1 second before requesting another code",
      "Please wait 5 seconds before requesting another code",
    ],
    copy: ["Updated every hour", "Updated every 5 hours", "Updated every 5 hours, at 12 o'clock"],
  },
  zh: {
    wait: ["请 1 秒后再获取验证码", "请 5 秒后再获取验证码"],
    copy: ["每小时更新一次", "每 5 小时更新一次", "每 5 小时更新一次（12 点）"],
  },
  vi: {
    wait: ["Vui lòng đợi 1 giây trước khi yêu cầu mã mới", "Vui lòng đợi 5 giây trước khi yêu cầu mã mới"],
    copy: ["Cập nhật mỗi giờ", "Cập nhật mỗi 5 giờ", "Cập nhật mỗi 5 giờ, lúc 12 giờ"],
  },
  id: {
    wait: ["Harap tunggu 1 detik sebelum meminta kode lagi", "Harap tunggu 5 detik sebelum meminta kode lagi"],
    copy: ["Diperbarui setiap jam", "Diperbarui setiap 5 jam", "Diperbarui setiap 5 jam, pukul 12"],
  },
  th: {
    wait: ["กรุณารอ 1 วินาทีก่อนขอรหัสใหม่", "กรุณารอ 5 วินาทีก่อนขอรหัสใหม่"],
    copy: ["อัปเดตทุกชั่วโมง", "อัปเดตทุก 5 ชั่วโมง", "อัปเดตทุก 5 ชั่วโมง เวลา 12 นาฬิกา"],
  },
};

test.each(Object.entries(EXPECTED))("%s plurals", async (locale, { wait, copy }) => {
  await activateCatalog(locale as Locale);
  expect([1, 5].map((seconds) => i18n._(resendTooSoonMessage(seconds)))).toEqual(wait);
  expect([refreshCopy(1), refreshCopy(5), refreshCopy(5, 12)]).toEqual(copy);
});
