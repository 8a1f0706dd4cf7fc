// Saved payment methods as they read on My Plan (src/features/commerce/saved-methods.ts), and
// the card-error monitor's report (src/features/commerce/card-errors.ts): no digit runs sent.
import { expect, test } from "vitest";
import { i18n } from "@lingui/core";
import type { SavedMethod } from "../../../../src/api/commerce";
import { cleanReport } from "../../../../src/features/commerce/card-errors";
import { brandName, savedMethodExpiry, savedMethodLabel } from "../../../../src/features/commerce/saved-methods";
import { activateCatalog } from "../../../../src/i18n/catalog";

const method = (patch: Partial<SavedMethod>): SavedMethod => ({
  id: 1,
  kind: "card",
  method: "card_vn",
  brand: "visa",
  last4: "4242",
  expMonth: 3,
  expYear: 2030,
  ...patch,
});

test("a card reads as its brand and last four digits, a wallet as its name", async () => {
  await activateCatalog("en");
  expect(savedMethodLabel(method({}), i18n)).toBe("Visa •••• 4242");
  expect(savedMethodLabel(method({ brand: "mastercard", last4: "4444" }), i18n)).toBe("Mastercard •••• 4444");
  expect(savedMethodLabel(method({ brand: null }), i18n)).toBe("Card •••• 4242");
  expect(
    savedMethodLabel(
      method({ kind: "wallet", method: "gcash", brand: null, last4: null, expMonth: null, expYear: null }),
      i18n,
    ),
  ).toBe("GCash");
  expect(brandName("elo")).toBe("Elo");
});

test("the expiry is MM/YYYY, none for a wallet", () => {
  expect(savedMethodExpiry(method({}))).toBe("03/2030");
  expect(savedMethodExpiry(method({ kind: "wallet", expMonth: null, expYear: null }))).toBeNull();
});

test("a card-error report never carries a run of 8 or more digits, and at most 300 characters", () => {
  const report = cleanReport({
    code: "card_declined",
    stage: "payment",
    message: "Card 4242 4242 4242 4242 declined (4000-0000-0000-0002); code 51",
  });
  expect(report.message).toBe("Card  declined (); code 51");
  expect(cleanReport({ code: "x", stage: "setup", message: "a".repeat(400) }).message).toHaveLength(300);
  expect(cleanReport({ code: "x", stage: "setup" })).toEqual({ code: "x", stage: "setup" });
});
