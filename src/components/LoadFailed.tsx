// What a screen shows when its data could not be loaded: the screen's own sentence and a
// Retry button that loads it again. Shared by the checkout group, the invoices and the plans
// popup, so every failed load reads and behaves the same.
import { Trans } from "@lingui/react/macro";
import type { HTMLAttributes, ReactNode } from "react";

interface LoadFailedProps extends HTMLAttributes<HTMLParagraphElement> {
  /** What could not be loaded ("The plans could not be loaded."). */
  children: ReactNode;
  onRetry: () => void;
}

export function LoadFailed({ children, onRetry, className = "muted", ...attributes }: LoadFailedProps) {
  return (
    <p className={className} {...attributes}>
      {children}{" "}
      <button type="button" className="dialog__link" onClick={onRetry}>
        <Trans>Retry</Trans>
      </button>
    </p>
  );
}
