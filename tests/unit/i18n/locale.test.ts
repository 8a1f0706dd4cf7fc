// Locale detection, edition and switching: saved cookie, else browser prefix, else
// English; zh is the Chinese edition (13) unless pinned; switching saves the cookie for a year.
import { afterEach, describe, expect, test } from "vitest";
import { i18n } from "@lingui/core";
import { detectLocale, LOCALE_COOKIE, preferredLocale } from "../../../src/i18n/detect";
import { systemIdFor } from "../../../src/i18n/edition";
import { apiLanguage } from "../../../src/i18n/locales";
import { switchLocale } from "../../../src/i18n/switch-locale";
import { getCookie, removeCookie, setCookie } from "../../../src/platform/cookies";
import { systemState } from "../../../src/state/system";

afterEach(() => removeCookie(LOCALE_COOKIE));

describe("detectLocale", () => {
  test("the saved cookie wins", () => {
    expect(detectLocale("th", "vi-VN")).toBe("th");
  });

  test.each([
    ["zh-CN", "zh"],
    ["zh-TW", "zh"],
    ["zh", "zh"],
    ["vi-VN", "vi"],
    ["id-ID", "id"],
    ["th-TH", "th"],
    ["en-GB", "en"],
    ["fr-FR", "en"],
    ["ms", "en"],
    [undefined, "en"],
  ])("browser %s -> %s", (language, locale) => {
    expect(detectLocale(undefined, language)).toBe(locale);
  });

  test("an invalid saved value is ignored", () => {
    expect(detectLocale("xx", "id-ID")).toBe("id");
  });

  test("preferredLocale reads the responsive-locale cookie", () => {
    setCookie(LOCALE_COOKIE, "vi", { days: 1 });
    expect(preferredLocale()).toBe("vi");
  });
});

test("edition: 13 for Chinese, 14 otherwise, unless pinned", () => {
  expect(systemIdFor("zh", undefined)).toBe(13);
  expect(systemIdFor("en", undefined)).toBe(14);
  expect(systemIdFor("th", undefined)).toBe(14);
  expect(systemIdFor("zh", "14")).toBe(14);
  expect(systemIdFor("vi", "13")).toBe(13);
  expect(systemIdFor("vi", "nonsense")).toBe(14);
});

test("API language codes", () => {
  expect(apiLanguage("zh")).toBe("zh_CN");
  expect(apiLanguage("id")).toBe("id");
});

test("switchLocale saves the cookie, activates the catalog, sets <html lang> and the edition", async () => {
  await switchLocale("zh");
  expect(getCookie(LOCALE_COOKIE)).toBe("zh");
  expect(i18n.locale).toBe("zh");
  expect(document.documentElement.lang).toBe("zh");
  expect(systemState).toMatchObject({ locale: "zh", systemId: 13 });

  await switchLocale("vi");
  expect(i18n.locale).toBe("vi");
  expect(systemState).toMatchObject({ locale: "vi", systemId: 14 });
});
