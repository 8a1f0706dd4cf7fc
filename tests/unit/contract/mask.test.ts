// Account masks: e-mail keeps 3 characters, phone keeps the first 3 and from the 8th.
import { expect, test } from "vitest";
import { maskAccount, maskEmail, maskPhone } from "../../../contract/mask";

test("e-mail keeps its first 3 characters and the domain", () => {
  expect(maskEmail("annabelle@example.com")).toBe("ann***@example.com");
  expect(maskEmail("ab@example.com")).toBe("ab***@example.com");
});

test("phone keeps the first 3 digits and from the 8th", () => {
  expect(maskPhone("13812345678")).toBe("138****5678");
});

test("the account shown is the e-mail, else the phone, else nothing", () => {
  expect(maskAccount({ email: "annabelle@example.com", phone: "13812345678" })).toBe("ann***@example.com");
  expect(maskAccount({ email: null, phone: "13812345678" })).toBe("138****5678");
  expect(maskAccount({})).toBe("");
});
