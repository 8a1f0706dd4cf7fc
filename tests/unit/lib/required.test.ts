// The required-value helper of spec §5: what counts as empty, the single check, the list
// variant's first missing message, and 'parameter invalid' for something that is not a list.
import { msg } from "@lingui/core/macro";
import { expect, test } from "vitest";
import { checkAllRequired, checkRequired, isEmptyValue, PARAMETER_INVALID } from "../../../src/lib/required";

const NAME = msg`Enter a name`;
const CITY = msg`Choose a city`;

test("undefined, null and the empty string are empty; 0, false, spaces and lists are values", () => {
  expect([undefined, null, ""].map(isEmptyValue)).toEqual([true, true, true]);
  expect([0, false, " ", [], {}].map(isEmptyValue)).toEqual([false, false, false, false, false]);
});

test("a single value: its message when empty, else null", () => {
  expect(checkRequired("", NAME)).toBe(NAME);
  expect(checkRequired(null, NAME)).toBe(NAME);
  expect(checkRequired("Ana", NAME)).toBeNull();
});

test("a list: the first empty item's message, null when all are filled", () => {
  expect(
    checkAllRequired([
      { value: "Ana", message: NAME },
      { value: undefined, message: CITY },
    ]),
  ).toBe(CITY);
  expect(
    checkAllRequired([
      { value: "", message: NAME },
      { value: null, message: CITY },
    ]),
  ).toBe(NAME);
  expect(checkAllRequired([{ value: "Ana", message: NAME }])).toBeNull();
  expect(checkAllRequired([])).toBeNull();
});

test("not a list (or not a list of checks): 'parameter invalid'", () => {
  for (const notAList of [undefined, null, "x", 3, { value: "", message: NAME }, ["x"]]) {
    expect(checkAllRequired(notAList)).toBe(PARAMETER_INVALID);
  }
  expect(PARAMETER_INVALID.message).toBe("parameter invalid");
});
