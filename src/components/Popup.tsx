// The one popup of the app, on the native <dialog> opened with showModal(): the browser traps
// focus in it, makes the page behind inert and turns Escape (or Android's back gesture) into a
// "cancel" that asks `onClose`, the same handler as the close buttons, so state stays one; Tab
// cycles inside it (tab-wrap.ts). A panel at one of eight positions (top, bottom, center, left,
// right, message, dialog, share) over the dialog's own mask, sliding or fading in and out in
// 300 ms, closed by a mask click unless `maskClosable` is false, locking page scrolling while
// open, and taking its desktop size when the viewport is at least 500 px in both directions.
// Closing leaves the modal state at once (the page is usable and focus is back on the element
// that had it before the popup opened) while the panel animates out. Without `onClose` a close
// request is refused. Toasts on screen stay above it (Toast.tsx). Test ids: `testId` on the
// panel, `${testId}-mask` on the dialog (the mask).
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { lockScroll } from "../platform/scroll-lock";
import { useDesktopViewport } from "../hooks/use-desktop-viewport";
import { wrapTab } from "./tab-wrap";
import { raiseToasts } from "./Toast";
import "./popup.css";

export const POPUP_POSITIONS = ["top", "bottom", "center", "left", "right", "message", "dialog", "share"] as const;
export type PopupPosition = (typeof POPUP_POSITIONS)[number];

/** The open and close animation. */
export const POPUP_ANIMATION_MS = 300;

export interface PopupProps {
  open: boolean;
  position?: PopupPosition;
  /** Asked to close: by a mask click (when allowed), Escape or another close request. */
  onClose?: () => void;
  maskClosable?: boolean;
  testId?: string;
  /** Accessible name of the dialog when it has no visible heading linked by `labelledBy`. */
  label?: string;
  labelledBy?: string;
  role?: "dialog" | "alertdialog";
  children: ReactNode;
}

/**
 * Keeps the <dialog> modal while `open`: showModal() on open, then focus on the element marked
 * `data-autofocus` if there is one (else the browser's choice, the first focusable); on close
 * (or unmount) leaves the modal state and gives focus back to the element that had it. A close
 * request (Escape) is cancelled and handed to `onClose`; if the browser closes the dialog anyway
 * (it may ignore the cancel without a recent user gesture) while the popup is still meant to be
 * open, it opens again.
 */
function useModal(dialog: RefObject<HTMLDialogElement | null>, open: boolean, mounted: boolean, onClose?: () => void) {
  const closeRef = useRef(onClose);
  const openerRef = useRef<Element | null>(null);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!open || !mounted || !element) return undefined;
    openerRef.current = document.activeElement;
    if (!element.open) element.showModal();
    raiseToasts();
    element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    const cancel = (event: Event) => {
      event.preventDefault();
      closeRef.current?.();
    };
    const reopen = () => {
      if (element.isConnected) element.showModal();
    };
    element.addEventListener("cancel", cancel);
    element.addEventListener("close", reopen);
    return () => {
      element.removeEventListener("cancel", cancel);
      element.removeEventListener("close", reopen);
      if (element.open) element.close();
    };
  }, [dialog, open, mounted]);
  // Focus goes back after the commit: React puts back the focus it saw before a commit, which
  // would undo a focus() made while the dialog is taken down.
  useEffect(() => {
    const opener = openerRef.current;
    if (!open || !mounted || !dialog.current) return undefined;
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [dialog, open, mounted]);
}

export function Popup({
  open,
  position = "center",
  onClose,
  maskClosable = true,
  testId,
  label,
  labelledBy,
  role = "dialog",
  children,
}: PopupProps) {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  const desktop = useDesktopViewport();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (open) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- mounting, the opening frame and the closing timer are one sequence; adjusting them during render lost the custom-range popup's opening (e2e detail trends)
      setMounted(true);
      // One frame in the closed state first, so the opening transition runs.
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    setShown(false);
    const timer = setTimeout(() => setMounted(false), POPUP_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => (mounted ? lockScroll() : undefined), [mounted]);
  useModal(dialog, open, mounted, onClose);

  if (!mounted) return null;
  const classes = ["popup", `popup--${position}`, shown && "popup--shown", desktop && "popup--desktop"]
    .filter(Boolean)
    .join(" ");
  return (
    <dialog
      ref={dialog}
      className={classes}
      role={role === "alertdialog" ? role : undefined}
      aria-label={label}
      aria-labelledby={labelledBy}
      data-testid={testId && `${testId}-mask`}
      onClick={(event) => {
        if (event.target === event.currentTarget && maskClosable) onClose?.();
      }}
      onKeyDown={(event) => wrapTab(event, event.currentTarget)}
    >
      <div className="popup__panel" data-testid={testId} data-position={position}>
        {children}
      </div>
    </dialog>
  );
}
