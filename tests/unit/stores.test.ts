// Store rules from spec §3: the current combo is the first of the list and VIP means it has an
// id; API codes 801-803 raise the upgrade check with their code.
import { expect, test } from "vitest";
import { activityState, clearCombo, isVip, setCurrentComboList } from "../../src/state/activity";
import { priceState, raiseUpgradeCheck } from "../../src/state/price";

test("the current combo is the first item of the list, VIP when it has an id", () => {
  setCurrentComboList([{ id: 11, daysToEndTime: 5 }, { id: 12 }]);
  expect(activityState.currentCombo).toEqual({ id: 11, daysToEndTime: 5 });
  expect(isVip(activityState.currentCombo)).toBe(true);
  setCurrentComboList([]);
  expect(activityState.currentCombo).toBeNull();
  expect(isVip(activityState.currentCombo)).toBe(false);
  expect(isVip({ daysToEndTime: 3 })).toBe(false);
  setCurrentComboList([{ id: 1 }]);
  clearCombo();
  expect(activityState.currentCombo).toBeNull();
});

test("an upgrade check records its code and opens the popup", () => {
  raiseUpgradeCheck(802);
  expect(priceState).toMatchObject({ showCheckPopup: true, dialogType: 802 });
});
