// A centred confirm dialog over a mask, for global prompts. Test ids derive from `testId`:
// the dialog itself, `${testId}-confirm` and `${testId}-cancel`.
import { useEffect, useId, useRef, type ReactNode } from "react";

export interface ConfirmDialogProps {
  testId: string;
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ testId, message, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);

  return (
    <div className="overlay-mask">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-describedby={messageId}
        data-testid={testId}
        onKeyDown={(event) => event.key === "Escape" && onCancel()}
      >
        <p id={messageId} className="dialog__message">
          {message}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" data-testid={`${testId}-cancel`} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className="button button--primary" data-testid={`${testId}-confirm`} ref={confirmRef} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
