// Activity store: the user's current plan ("combo") and the new-registration flag that the
// new-user activity dialog consumes. Being VIP means the combo has an id.
import { proxy, useSnapshot } from "valtio";
import { currentCombo, type ComboItem } from "../api/subscription";
import type { SystemId } from "../i18n/edition";

export type Combo = Partial<ComboItem>;

/** localStorage key: set when a login created the account; cleared when the activity dialog mounts. */
export const NEW_REGISTRATION_KEY = "new-registration";

export const activityState = proxy({
  currentCombo: null as Combo | null,
  /** False until the signed-in user's plans arrive: "no plan" is not known before that. */
  comboLoaded: false,
});

/** The current combo is the first item of the current-combo list, or none. */
export function setCurrentComboList(list: readonly Combo[]): void {
  activityState.currentCombo = list[0] ?? null;
  activityState.comboLoaded = true;
}

/** Loads the signed-in user's plans; on failure the combo is left as it was. */
export async function refreshCurrentCombo(systemId: SystemId): Promise<void> {
  const list = await currentCombo(systemId).catch(() => null);
  if (list) setCurrentComboList(list);
}

export function clearCombo(): void {
  activityState.currentCombo = null;
  activityState.comboLoaded = false;
}

export function markNewRegistration(): void {
  localStorage.setItem(NEW_REGISTRATION_KEY, "1");
}

export const isVip = (combo: Combo | null): boolean => combo?.id !== undefined && combo.id !== null && combo.id !== "";

export const useIsVip = (): boolean => isVip(useSnapshot(activityState).currentCombo);
/** The current plan; undefined while it is not loaded yet. */
export function useCurrentCombo(): Readonly<Combo> | null | undefined {
  const { currentCombo, comboLoaded } = useSnapshot(activityState);
  return comboLoaded ? currentCombo : undefined;
}
