// Price store: checkout totals and the upgrade/permission check popup raised by API codes
// 801-803 (spec §8). The popup itself arrives with the membership issue.
import { proxy } from "valtio";

export type UpgradeCheckCode = 801 | 802 | 803;

export const priceState = proxy({
  payTotalPrice: 0,
  showDetailCheck: false,
  showCheckPopup: false,
  dialogType: null as UpgradeCheckCode | null,
});

export function raiseUpgradeCheck(code: UpgradeCheckCode): void {
  priceState.dialogType = code;
  priceState.showCheckPopup = true;
}
