// Input rules and messages of the sign-in forms: mainland mobile and e-mail formats, trimming, each
// form's messages (English source and every catalog translating them).
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { MessageDescriptor } from "@lingui/core";
import {
  ACCOUNT_NOT_REGISTERED,
  collectErrors,
  isEmail,
  isPhone,
  isValid,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  NEW_PASSWORD_LENGTH,
  PASSWORDS_DIFFER,
  RULES,
  validate,
  validateConfirmation,
} from "../../../src/lib/validate";

const text = (message: MessageDescriptor | null) => message?.message ?? null;

describe("formats", () => {
  test.each([
    "13812345678",
    "14512345678",
    "15012345678",
    "16212345678",
    "17012345678",
    "18812345678",
    "19912345678",
    " 13812345678 ",
  ])("%s is a mainland mobile", (phone) => expect(isPhone(phone)).toBe(true));

  test.each([
    "12812345678",
    "1381234567",
    "138123456789",
    "14412345678",
    "15412345678",
    "16012345678",
    "17912345678",
    "19412345678",
    "+8613812345678",
    "138 1234 5678",
    "abc",
  ])("%s is not", (phone) => expect(isPhone(phone)).toBe(false));

  test.each(["ann@example.com", "a.b-c_d@mail.example.co", "A1@EXAMPLE.io", " ann@example.com "])(
    "%s is an e-mail",
    (email) => expect(isEmail(email)).toBe(true),
  );

  test.each([
    "ann",
    "ann@",
    "@example.com",
    "ann@example",
    "ann@example.c",
    "ann@example.COM",
    "a..b@example.com",
    "ann@exa mple.com",
    "an+n@example.com",
    `${"a".repeat(140)}@example.com`,
  ])("%s is not", (email) => expect(isEmail(email)).toBe(false));
});

describe("overseas login form", () => {
  test("login id: empty, bad format, phone or e-mail", () => {
    expect(text(validate("   ", RULES.loginId))).toBe("Enter your mobile number or email address");
    expect(text(validate("ann@", RULES.loginId))).toBe("Mobile number or email format is incorrect");
    expect(validate(" ann@example.com ", RULES.loginId)).toBeNull();
    expect(validate("13812345678", RULES.loginId)).toBeNull();
  });

  test("password and code", () => {
    expect(text(validate(" ", RULES.password))).toBe("Please set your password");
    expect(text(validate("", RULES.code))).toBe("Please Enter Code");
    expect(validate("123456", RULES.code)).toBeNull();
  });
});

describe("new password length (registration and reset, as the server counts)", () => {
  const TOO_SHORT = "The password must be at least 8 characters";
  const TOO_LONG = "The password must be at most 64 characters";

  test("8 to 64 characters, after trimming", () => {
    expect([MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH]).toEqual([8, 64]);
    for (const rule of [RULES.registerPassword, RULES.resetPassword]) {
      expect(text(validate("Abc-123", rule))).toBe(TOO_SHORT);
      expect(text(validate("   Abc-123   ", rule))).toBe(TOO_SHORT);
      expect(validate("Abc-1234", rule)).toBeNull();
      expect(validate("x".repeat(64), rule)).toBeNull();
      expect(validate(` ${"x".repeat(64)} `, rule)).toBeNull();
      expect(text(validate("x".repeat(65), rule))).toBe(TOO_LONG);
    }
  });

  test("characters are code points: an emoji counts once", () => {
    expect(text(validate("🔑".repeat(7), RULES.registerPassword))).toBe(TOO_SHORT);
    expect(validate("🔑".repeat(8), RULES.registerPassword)).toBeNull();
    expect(validate("🔑".repeat(64), RULES.resetPassword)).toBeNull();
    expect(text(validate("🔑".repeat(65), RULES.resetPassword))).toBe(TOO_LONG);
  });

  test("empty is still 'required', with each form's message", () => {
    expect(text(validate("  ", RULES.registerPassword))).toBe("Please set your password");
    expect(text(validate("", RULES.resetPassword))).toBe("Please enter the password");
  });

  test("login accepts whatever the user has", () => {
    expect(validate("short", RULES.password)).toBeNull();
    expect(validate("x".repeat(65), RULES.password)).toBeNull();
    expect(validate("short", RULES.zhPassword)).toBeNull();
  });
});

describe("Chinese login form", () => {
  test("phone, code, account, password", () => {
    expect(text(validate("", RULES.zhPhone))).toBe("Please enter your mobile number");
    expect(text(validate("12345678901", RULES.zhPhone))).toBe("Incorrect mobile number format");
    expect(validate("13912345678", RULES.zhPhone)).toBeNull();
    expect(text(validate("", RULES.zhCode))).toBe("Please enter the SMS verification code");
    expect(text(validate("", RULES.zhAccount))).toBe("Please enter your mobile number or email");
    expect(text(validate("139123", RULES.zhAccount))).toBe("Incorrect mobile number or email format");
    expect(validate("a@b.cn", RULES.zhAccount)).toBeNull();
    expect(text(validate("", RULES.zhPassword))).toBe("Please enter your password");
  });
});

describe("reset form", () => {
  test("e-mail, code, password, confirmation", () => {
    expect(text(validate("", RULES.resetEmail))).toBe("Please enter the email");
    expect(text(validate("13812345678", RULES.resetEmail))).toBe("Please enter the right email");
    expect(text(validate("", RULES.resetCode))).toBe("Please enter verification code");
    expect(text(validate("", RULES.resetPassword))).toBe("Please enter the password");
    expect(text(validateConfirmation("secret-1", ""))).toBe("Please confirm the password");
    expect(text(validateConfirmation("secret-1", "secret-2"))).toBe("Two inputs don't match");
    expect(validateConfirmation("secret-1", " secret-1 ")).toBeNull();
    expect(text(ACCOUNT_NOT_REGISTERED)).toBe("The account is not registered");
    expect(text(PASSWORDS_DIFFER)).toBe("Two inputs don't match");
  });
});

test("collectErrors keeps only the failing fields", () => {
  const errors = collectErrors({ loginId: validate("", RULES.loginId), password: validate("x", RULES.password) });
  expect(Object.keys(errors)).toEqual(["loginId"]);
  expect(isValid(errors)).toBe(false);
  expect(isValid(collectErrors({ code: null }))).toBe(true);
});

test("every message has a real translation in every catalog", () => {
  const messages = [
    ...Object.values(RULES).flatMap((rule) => [rule.required, ...("format" in rule ? [rule.format.message] : [])]),
    NEW_PASSWORD_LENGTH.tooShort,
    NEW_PASSWORD_LENGTH.tooLong,
    ACCOUNT_NOT_REGISTERED,
    PASSWORDS_DIFFER,
  ];
  for (const locale of ["zh", "vi", "id", "th"]) {
    const po = readFileSync(`locales/${locale}/messages.po`, "utf8");
    for (const message of messages) {
      const source = message.message!.replace(/"/g, '\\"');
      const entry = po.match(new RegExp(`msgid "${source.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"\\nmsgstr "(.*)"`));
      expect(entry, `${locale}: ${source}`).not.toBeNull();
      expect(entry![1], `${locale}: ${source}`).not.toBe("");
      expect(entry![1], `${locale}: ${source}`).not.toBe(source);
    }
  }
});
