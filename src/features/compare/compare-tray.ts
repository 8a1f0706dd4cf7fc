// The compare tray: up to COMPARE_MAX_ITEMS goods or influencers (one kind at a time) picked
// from cards and details for /compare. A valtio store every "Compare" button and the tray bar
// read, saved in IndexedDB (contract/indexed-db.ts COMPARE_DB_NAME/STORE_NAME, one entry) so
// it survives reloads; loaded on first use. `trayDecision` is the pure rule of adding.
import { proxy } from "valtio";
import { COMPARE_DB_NAME, COMPARE_STORE_NAME } from "../../../contract/indexed-db";
import { storeSubscription, useStoreValue } from "../../state/select";
import { keyvalTable } from "../../storage/keyval-table";
import { COMPARE_KINDS, COMPARE_MAX_ITEMS, type CompareKind } from "./compare-kinds";

export interface CompareTray {
  kind: CompareKind | null;
  ids: readonly string[];
}

/** An item whose kind differs from the tray's: the tray bar asks whether to clear the tray for it. */
export interface SwitchQuestion {
  kind: CompareKind;
  id: string;
}

interface CompareTrayState {
  tray: CompareTray;
  loaded: boolean;
  switchQuestion: SwitchQuestion | null;
}

export const compareTrayState = proxy<CompareTrayState>({
  tray: { kind: null, ids: [] },
  loaded: false,
  switchQuestion: null,
});

const TRAY_KEY = "tray";

const isTray = (value: unknown): value is CompareTray => {
  const tray = value as CompareTray;
  return (
    (tray?.kind === null || COMPARE_KINDS.includes(tray?.kind)) &&
    Array.isArray(tray.ids) &&
    tray.ids.every((id) => typeof id === "string")
  );
};

const table = keyvalTable(COMPARE_DB_NAME, COMPARE_STORE_NAME, isTray);

/** Forgets the store and the loaded tray (tests swap IndexedDB between runs). */
export function resetCompareTray(): void {
  table.reset();
  loading = undefined;
  compareTrayState.tray = { kind: null, ids: [] };
  compareTrayState.loaded = false;
  compareTrayState.switchQuestion = null;
}

let loading: Promise<void> | undefined;

/** Reads the saved tray once per page life. */
export function loadCompareTray(): Promise<void> {
  loading ??= table.get(TRAY_KEY).then((saved) => {
    // A change made while loading wins over the saved copy.
    if (!compareTrayState.loaded && saved) compareTrayState.tray = { kind: saved.kind, ids: [...saved.ids] };
    compareTrayState.loaded = true;
  });
  return loading;
}

async function save(tray: CompareTray): Promise<void> {
  compareTrayState.tray = tray;
  compareTrayState.loaded = true;
  await table.put(TRAY_KEY, { kind: tray.kind, ids: [...tray.ids] });
}

/** What adding an item does: added, already there, the tray is full, or it holds the other kind. */
export type TrayDecision = "added" | "present" | "full" | "other-kind";

export function trayDecision(tray: CompareTray, kind: CompareKind, id: string): TrayDecision {
  if (tray.ids.length > 0 && tray.kind !== kind) return "other-kind";
  if (tray.ids.includes(id)) return "present";
  if (tray.ids.length >= COMPARE_MAX_ITEMS) return "full";
  return "added";
}

/** Adds the item; for the other kind, raises the question whether to clear the tray. */
export async function addToCompare(kind: CompareKind, id: string): Promise<TrayDecision> {
  await loadCompareTray();
  const { tray } = compareTrayState;
  const decision = trayDecision(tray, kind, id);
  if (decision === "added") await save({ kind, ids: [...tray.ids, id] });
  if (decision === "other-kind") compareTrayState.switchQuestion = { kind, id };
  return decision;
}

/** Answers the switch question: yes empties the tray and starts it with that item. */
export async function answerSwitchQuestion(clear: boolean): Promise<void> {
  const question = compareTrayState.switchQuestion;
  compareTrayState.switchQuestion = null;
  if (clear && question) await save({ kind: question.kind, ids: [question.id] });
}

export async function removeFromCompare(id: string): Promise<void> {
  await loadCompareTray();
  const { tray } = compareTrayState;
  const ids = tray.ids.filter((other) => other !== id);
  await save({ kind: ids.length > 0 ? tray.kind : null, ids });
}

export function clearCompare(): Promise<void> {
  return save({ kind: null, ids: [] });
}

const subscription = storeSubscription(compareTrayState);

/** The tray (replaced, never mutated, so it works as a selector's value). */
export function useCompareTray(): CompareTray {
  return useStoreValue(subscription, () => compareTrayState.tray);
}

export function useInCompare(kind: CompareKind, id: string): boolean {
  return useStoreValue(
    subscription,
    () => compareTrayState.tray.kind === kind && compareTrayState.tray.ids.includes(id),
  );
}

export function useSwitchQuestion(): SwitchQuestion | null {
  return useStoreValue(subscription, () => compareTrayState.switchQuestion);
}
