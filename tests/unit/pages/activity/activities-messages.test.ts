// The marketing module's business codes in the app (src/api/server-messages.ts
// MARKETING_MESSAGES): one entry per code of the server's catalogue, no other, and in English
// each reads exactly as the server's message (the activity pages, checkout and the phone dialog
// show them through localizedServerMessage).
import { expect, test } from "vitest";
import { MARKETING_ERRORS } from "../../../../server/modules/marketing/errors";
import { ApiError } from "../../../../src/api/errors";
import { localizedServerMessage, MARKETING_MESSAGES } from "../../../../src/api/server-messages";
import { activateCatalog } from "../../../../src/i18n/catalog";

const entries = Object.values(MARKETING_ERRORS);

test("every marketing code has an entry, and no other code does", () => {
  expect(Object.keys(MARKETING_MESSAGES).map(Number).sort()).toEqual(entries.map((entry) => entry.code).sort());
});

test.each(entries.map((entry) => [entry.code, entry.msg] as const))(
  "%i reads as the server's message",
  async (code, msg) => {
    await activateCatalog("en");
    expect(localizedServerMessage(new ApiError(code, msg, 409))).toBe(msg);
  },
);
