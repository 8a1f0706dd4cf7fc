// The account service's business errors in the user's language (src/api/server-messages.ts):
// one entry per code of the server's table, English identical to the server's message, a real
// translation in every other catalog, and the seconds of 60024 carried into each language.
import { afterAll, describe, expect, test } from "vitest";
import { AUTH_ERRORS, authError, resendTooSoon, type AuthErrorName } from "../../../server/modules/accounts/errors";
import { ApiError, rateLimitedMessage } from "../../../src/api/errors";
import { rateLimitMessage } from "../../../server/plugins/rate-limit";
import { CODE_RESEND_TOO_SOON, localizedServerMessage, SERVER_MESSAGES } from "../../../src/api/server-messages";
import { activateCatalog } from "../../../src/i18n/catalog";
import type { Locale } from "../../../src/i18n/locales";

const NAMES = Object.keys(AUTH_ERRORS) as AuthErrorName[];
const TRANSLATED: Locale[] = ["zh", "vi", "id", "th"];

/** What the client makes of the server's answer (the client's ApiError is code, msg, status). */
function received(serverError: { code: number; message: string; httpStatus?: number }): ApiError {
  return new ApiError(serverError.code, serverError.message, serverError.httpStatus ?? 200);
}

/** The error as the server sends it; 60024 with `seconds` seconds left. */
const answer = (name: AuthErrorName, seconds = 42): ApiError =>
  received(AUTH_ERRORS[name].code === CODE_RESEND_TOO_SOON ? resendTooSoon(seconds) : authError(name));

afterAll(() => activateCatalog("en"));

test("every code of the server's table has an entry, and no other code does", () => {
  const serverCodes = NAMES.map((name) => AUTH_ERRORS[name].code).sort();
  expect(Object.keys(SERVER_MESSAGES).map(Number).sort()).toEqual(serverCodes);
});

describe("English", () => {
  test.each(NAMES)("%s reads exactly as the server's message", async (name) => {
    await activateCatalog("en");
    const error = answer(name);
    expect(localizedServerMessage(error)).toBe(error.msg);
  });

  test("60024 is singular for one second", async () => {
    await activateCatalog("en");
    expect(localizedServerMessage(answer("CODE_RESEND_TOO_SOON", 1))).toBe(
      "Please wait 1 second before requesting another code",
    );
    expect(localizedServerMessage(answer("CODE_RESEND_TOO_SOON", 59))).toBe(
      "Please wait 59 seconds before requesting another code",
    );
  });
});

describe.each(TRANSLATED)("%s", (locale) => {
  test.each(NAMES)("%s is translated", async (name) => {
    await activateCatalog(locale);
    const error = answer(name);
    const text = localizedServerMessage(error);
    expect(text).not.toBe("");
    expect(text).not.toBe(error.msg);
    expect(text).not.toMatch(/[{}#]/);
  });

  test("60024 carries the seconds from the server's message", async () => {
    await activateCatalog(locale);
    for (const seconds of [1, 7, 42]) {
      const text = localizedServerMessage(answer("CODE_RESEND_TOO_SOON", seconds));
      expect(text).toContain(String(seconds));
      expect(text.match(/\d+/g)).toEqual([String(seconds)]);
    }
  });
});

test("60024 in each language", async () => {
  const expected: Record<Locale, string> = {
    en: "Please wait 42 seconds before requesting another code",
    zh: "请 42 秒后再获取验证码",
    vi: "Vui lòng đợi 42 giây trước khi yêu cầu mã mới",
    id: "Harap tunggu 42 detik sebelum meminta kode lagi",
    th: "กรุณารอ 42 วินาทีก่อนขอรหัสใหม่",
  };
  for (const [locale, text] of Object.entries(expected) as [Locale, string][]) {
    await activateCatalog(locale);
    expect(localizedServerMessage(answer("CODE_RESEND_TOO_SOON"))).toBe(text);
  }
});

describe("fallbacks", () => {
  test("an unknown code shows the server's message as it came", async () => {
    await activateCatalog("zh");
    expect(localizedServerMessage(new ApiError(60999, "Something new", 400))).toBe("Something new");
    expect(localizedServerMessage(new ApiError(400, "body/login_id must be string", 400))).toBe(
      "body/login_id must be string",
    );
  });

  test("a 60024 without a number in it shows the server's message", async () => {
    await activateCatalog("zh");
    expect(localizedServerMessage(new ApiError(60024, "Please wait", 429))).toBe("Please wait");
  });
});

describe("the rate-limit answer (HTTP 429)", () => {
  test("reads as the server's message in English, singular for one second", async () => {
    await activateCatalog("en");
    expect(rateLimitedMessage(rateLimitMessage(42))).toBe(rateLimitMessage(42));
    expect(rateLimitedMessage(rateLimitMessage(1))).toBe("Too many requests. Please try again in 1 second.");
  });

  test.each(TRANSLATED)("is translated in %s and keeps the seconds", async (locale) => {
    await activateCatalog(locale);
    const text = rateLimitedMessage(rateLimitMessage(42));
    expect(text).not.toBe(rateLimitMessage(42));
    expect(text).toContain("42");
  });
});
