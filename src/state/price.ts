// Price store: checkout totals, the upgrade dialog raised by API codes 801-803 for a signed-in
// user and the permission-detail popup explaining what each plan unlocks
// (`showDetailCheck`).
import { proxy, useSnapshot } from "valtio";

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

export function closeUpgradeCheck(): void {
  priceState.showCheckPopup = false;
}

export function openPlanDetails(): void {
  priceState.showDetailCheck = true;
}

export function closePlanDetails(): void {
  priceState.showDetailCheck = false;
}

/** The code of the upgrade dialog to show, or null when it is closed. */
export function useUpgradeCheck(): UpgradeCheckCode | null {
  const { showCheckPopup, dialogType } = useSnapshot(priceState);
  return showCheckPopup ? dialogType : null;
}

export const usePlanDetailsVisible = (): boolean => useSnapshot(priceState).showDetailCheck;
