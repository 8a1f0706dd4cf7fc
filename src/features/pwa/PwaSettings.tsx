// The Me page's PWA sections, in one place: the iOS "Add to Home Screen" hint and Saved data.
import { IosInstallHint } from "./IosInstallHint";
import { SavedData } from "./SavedData";

export function PwaSettings() {
  return (
    <>
      <IosInstallHint />
      <SavedData />
    </>
  );
}
