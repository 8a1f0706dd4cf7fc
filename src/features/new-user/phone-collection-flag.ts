// Whether the phone-collection dialog is open: any screen raises it ("Get tips on
// WhatsApp/Zalo"), NewUserLauncher loads and shows the dialog. Tiny: part of the boot bundle.
import { proxy, useSnapshot } from "valtio";

export const phoneCollectionState = proxy({ open: false });

export function openPhoneCollection(): void {
  phoneCollectionState.open = true;
}

export function closePhoneCollection(): void {
  phoneCollectionState.open = false;
}

export const usePhoneCollectionOpen = (): boolean => useSnapshot(phoneCollectionState).open;
