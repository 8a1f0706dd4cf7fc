// Activity store: the user's current plan ("combo"). Being VIP means the combo has an id (spec §3).
import { proxy, useSnapshot } from "valtio";

export interface Combo {
  id?: number | string;
  daysToEndTime?: number;
}

export const activityState = proxy({
  currentCombo: null as Combo | null,
});

/** The current combo is the first item of the current-combo list, or none. */
export function setCurrentComboList(list: readonly Combo[]): void {
  activityState.currentCombo = list[0] ?? null;
}

export function clearCombo(): void {
  activityState.currentCombo = null;
}

export const isVip = (combo: Combo | null): boolean => combo?.id !== undefined && combo.id !== null && combo.id !== "";

export const useIsVip = (): boolean => isVip(useSnapshot(activityState).currentCombo);
