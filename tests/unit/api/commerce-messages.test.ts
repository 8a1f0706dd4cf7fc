// The commerce module's codes and coupon tips in the user's language (src/api/server-messages.ts):
// English reads as the server's message, the bounds and minimums carry the server's amount, and
// every other catalog has a real translation of every code and tip.
import { afterAll, describe, expect, test } from "vitest";
import { COMMERCE_CODES, COUPON_TIPS } from "../../../contract/commerce";
import { ApiError } from "../../../src/api/errors";
import {
  COMMERCE_MESSAGES,
  commerceMessage,
  couponTipText,
  localizedServerMessage,
} from "../../../src/api/server-messages";
import { activateCatalog } from "../../../src/i18n/catalog";
import type { Locale } from "../../../src/i18n/locales";

afterAll(() => activateCatalog("en"));

const MIN = "The minimum limit for the payment method is US$25. Please use other payment methods.";
const MAX = "The amount of the payment method shall not be greater than US$400";

test("every commerce code has a message", () => {
  for (const code of Object.values(COMMERCE_CODES)) expect(COMMERCE_MESSAGES[code]).toBeDefined();
});

describe("English", () => {
  test("the method bounds read as the server's messages, with their amounts", async () => {
    await activateCatalog("en");
    expect(commerceMessage(COMMERCE_CODES.METHOD_BELOW_MINIMUM, MIN)).toBe(MIN);
    expect(commerceMessage(COMMERCE_CODES.METHOD_ABOVE_MAXIMUM, MAX)).toBe(MAX);
    expect(localizedServerMessage(new ApiError(70010, "x", 409))).toBe("Unpaid order exists, do not place duplicate.");
  });

  test("coupon tips by code, the minimums with the server's amount", async () => {
    await activateCatalog("en");
    expect(couponTipText({ code: "expired", message: "whatever" })).toBe("The coupon has expired");
    expect(
      couponTipText({ code: "below_minimum_amount", message: "This coupon applies to orders of at least US$500" }),
    ).toBe("This coupon applies to orders of at least US$500");
    expect(couponTipText({ code: "unknown_tip", message: "Server text" })).toBe("Server text");
  });

  test("70030 shows the tip its data carries", async () => {
    await activateCatalog("en");
    const error = new ApiError(70030, "Coupon", 400, { couponTip: { code: "per_person_limit", message: "x" } });
    expect(localizedServerMessage(error)).toBe("You have reached the usage limit for this coupon");
  });
});

/** Every code but the method bounds, whose text is built from the server's amount (tested below). */
const CODES = Object.values(COMMERCE_CODES).filter(
  (code) => code !== COMMERCE_CODES.METHOD_BELOW_MINIMUM && code !== COMMERCE_CODES.METHOD_ABOVE_MAXIMUM,
);

describe.each(["zh", "vi", "id", "th"] as Locale[])("%s", (locale) => {
  test("every commerce code's message is translated", async () => {
    await activateCatalog("en");
    const english = CODES.map((code) => commerceMessage(code, "Server text"));
    await activateCatalog(locale);
    CODES.forEach((code, index) => {
      const text = commerceMessage(code, "Server text");
      expect(text, String(code)).not.toBe(english[index]);
      expect(text, String(code)).not.toMatch(/[{}]/);
    });
  });

  test("codes and tips are translated, amounts kept", async () => {
    await activateCatalog("en");
    const english = COUPON_TIPS.map((code) => couponTipText({ code, message: "at least US$500" }));
    await activateCatalog(locale);
    COUPON_TIPS.forEach((code, index) => {
      const text = couponTipText({ code, message: "at least US$500" });
      expect(text).not.toBe(english[index]);
      expect(text).not.toMatch(/[{}]/);
    });
    expect(commerceMessage(COMMERCE_CODES.METHOD_BELOW_MINIMUM, MIN)).toContain("25");
    expect(commerceMessage(COMMERCE_CODES.METHOD_ABOVE_MAXIMUM, MAX)).toContain("400");
    expect(couponTipText({ code: "below_minimum_amount", message: "at least US$500" })).toContain("500");
  });
});
