// Renders the toast queue of the system store, oldest first; each toast removes itself after its
// duration (4000 ms, errors 6000 ms — see state/system.ts). The host is a polite live region that
// is always in the page, so screen readers announce each toast: info toasts politely
// (role status), errors at once (role alert, aria-live assertive). The host is also a manual
// popover kept open, so it sits in the top layer: a toast raised while a modal popup (a
// <dialog>, components/Popup) is brought above that dialog, and a popup opening over toasts
// raises them again (raiseToasts), so they are never left under its mask.
import { useLayoutEffect, useRef } from "react";
import { useToasts } from "../state/system";

/** Puts the toasts on screen above everything in the top layer, e.g. a modal popup opened after them. */
export function raiseToasts(): void {
  const host = document.querySelector<HTMLElement>(".toast-host");
  if (!host || typeof host.showPopover !== "function" || !host.hasChildNodes()) return;
  if (host.matches(":popover-open")) host.hidePopover();
  host.showPopover();
}

export function ToastHost() {
  const toasts = useToasts();
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (!element || typeof element.showPopover !== "function") return;
    if (!element.matches(":popover-open")) element.showPopover();
    // A new toast while a modal popup is open goes above it.
    if (document.querySelector("dialog:modal")) raiseToasts();
  }, [toasts.length]);
  return (
    <div ref={host} className="toast-host" popover="manual" aria-live="polite">
      {toasts.map((toast) => {
        const isError = toast.kind === "error";
        return (
          <div
            key={toast.id}
            className={`toast toast--${toast.kind}`}
            role={isError ? "alert" : "status"}
            aria-live={isError ? "assertive" : "polite"}
            data-testid="toast"
          >
            {toast.message}
          </div>
        );
      })}
    </div>
  );
}
