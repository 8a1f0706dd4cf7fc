// The one popup of the app: a panel over a mask at one of eight
// positions (top, bottom, center, left, right, message, dialog, share), sliding or fading in
// and out in 300 ms, closed by a mask click unless `maskClosable` is false, locking page
// scrolling while open, and taking its desktop size when the viewport is at least 500 px in
// both directions. Rendered in place (position: fixed), so tests find it inside the app.
// Test ids: `testId` on the panel, `${testId}-mask` on the mask.
import { useEffect, useState, type ReactNode } from "react";
import { lockScroll } from "../platform/scroll-lock";
import { useDesktopViewport } from "../hooks/use-desktop-viewport";
import "./popup.css";

export const POPUP_POSITIONS = ["top", "bottom", "center", "left", "right", "message", "dialog", "share"] as const;
export type PopupPosition = (typeof POPUP_POSITIONS)[number];

/** The open and close animation. */
export const POPUP_ANIMATION_MS = 300;

export interface PopupProps {
  open: boolean;
  position?: PopupPosition;
  /** Asked to close: by a mask click (when allowed) or Escape. */
  onClose?: () => void;
  maskClosable?: boolean;
  testId?: string;
  /** Accessible name of the panel when it has no visible heading linked by `labelledBy`. */
  label?: string;
  labelledBy?: string;
  role?: "dialog" | "alertdialog";
  children: ReactNode;
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

  if (!mounted) return null;
  const classes = ["popup", `popup--${position}`, shown && "popup--shown", desktop && "popup--desktop"]
    .filter(Boolean)
    .join(" ");
  return (
    <div
      className={classes}
      data-testid={testId && `${testId}-mask`}
      onClick={(event) => {
        if (event.target === event.currentTarget && maskClosable) onClose?.();
      }}
    >
      <div
        className="popup__panel"
        role={role}
        aria-modal="true"
        aria-label={label}
        aria-labelledby={labelledBy}
        data-testid={testId}
        data-position={position}
        onKeyDown={(event) => {
          if (event.key === "Escape") onClose?.();
        }}
      >
        {children}
      </div>
    </div>
  );
}
