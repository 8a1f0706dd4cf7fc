// The tab lists' keys (hooks/use-tab-keys.ts): Left/Right wrap around, Home and End jump to the
// ends, any other key is left to the browser.
import { expect, test } from "vitest";
import { tabIndexAfterKey } from "../../../src/hooks/use-tab-keys";

test("arrow keys wrap, Home and End go to the ends, other keys do nothing", () => {
  expect([0, 1, 2].map((index) => tabIndexAfterKey("ArrowRight", index, 3))).toEqual([1, 2, 0]);
  expect([0, 1, 2].map((index) => tabIndexAfterKey("ArrowLeft", index, 3))).toEqual([2, 0, 1]);
  expect([tabIndexAfterKey("Home", 2, 3), tabIndexAfterKey("End", 0, 3)]).toEqual([0, 2]);
  expect(["Tab", "Enter", " ", "ArrowDown"].map((key) => tabIndexAfterKey(key, 1, 3))).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
});
