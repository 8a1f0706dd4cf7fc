// System store: the active locale, the edition (system id) it implies, and the toast queue.
import { proxy, useSnapshot } from "valtio";
import { storeSubscription, useStoreValue } from "./select";
import { systemIdFor, type SystemId } from "../i18n/edition";
import { SOURCE_LOCALE, type Locale } from "../i18n/locales";

export type ToastKind = "info" | "error";

/** Toasts stay long enough to be read (WCAG 2.2.1): 4000 ms, errors 6000 ms. */
export const TOAST_DURATION_MS: Record<ToastKind, number> = { info: 4000, error: 6000 };

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

export const systemState = proxy({
  locale: SOURCE_LOCALE,
  systemId: systemIdFor(SOURCE_LOCALE),
  toasts: [] as Toast[],
});

let nextToastId = 1;

export function setLocale(locale: Locale): void {
  systemState.locale = locale;
  systemState.systemId = systemIdFor(locale);
}

export function showToast(message: string, kind: ToastKind = "info"): number {
  const id = nextToastId++;
  systemState.toasts.push({ id, message, kind });
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS[kind]);
  return id;
}

export function dismissToast(id: number): void {
  const index = systemState.toasts.findIndex((toast) => toast.id === id);
  if (index >= 0) systemState.toasts.splice(index, 1);
}

const systemChanges = storeSubscription(systemState);
export const useLocale = (): Locale => useStoreValue(systemChanges, () => systemState.locale);
export const useToasts = (): readonly Toast[] => useSnapshot(systemState).toasts;
export const useSystemId = (): SystemId => useStoreValue(systemChanges, () => systemState.systemId);
