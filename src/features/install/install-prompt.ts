// "Add to home screen": the browser's install offer (`beforeinstallprompt`) is caught
// at boot, before any page could miss it, and kept until the Me page's entry uses it; it is
// gone once the choice is made (for the rest of the visit) or the app is installed. Kept tiny: it is in the boot bundle,
// imported by main.tsx for this side effect, which importing it anywhere else also installs.

/** Chromium's install offer (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let offer: InstallPromptEvent | null = null;
/** The offer was used in this visit: Chromium may offer again at once after a dismissal. */
let used = false;
const listeners = new Set<() => void>();

function setOffer(next: InstallPromptEvent | null): void {
  offer = next;
  listeners.forEach((listener) => listener());
}

export const installOffer = (): InstallPromptEvent | null => offer;

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the offer is used up whatever the user chooses. */
export async function promptInstall(): Promise<boolean> {
  const event = offer;
  if (!event) return false;
  used = true;
  setOffer(null);
  await event.prompt();
  return (await event.userChoice).outcome === "accepted";
}

function captureInstallPrompt(target: Window): void {
  target.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // the Me page offers it instead of the browser's mini bar
    if (!used) setOffer(event as InstallPromptEvent);
  });
  target.addEventListener("appinstalled", () => setOffer(null));
}

if (typeof window !== "undefined") captureInstallPrompt(window);
