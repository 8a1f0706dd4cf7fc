// A centred dialog on the shared Popup (position "dialog"): optional title, a message, any
// extra content, and one or two buttons. Mask clicks do not close it (a choice is asked for);
// Escape counts as Cancel; it opens with focus on the confirm button. Test ids derive from
// `testId`: the dialog itself, `${testId}-title`, `${testId}-message`, `${testId}-confirm` and
// `${testId}-cancel`.
import { useId, type ReactNode } from "react";
import { Popup } from "./Popup";

export interface DialogProps {
  testId: string;
  /** Defaults to true: most dialogs are mounted only while shown. */
  open?: boolean;
  title?: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  /** Without it the dialog has the confirm button only. */
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

export function Dialog({
  testId,
  open = true,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  children,
}: DialogProps) {
  const titleId = useId();

  return (
    <Popup
      open={open}
      position="dialog"
      role="alertdialog"
      maskClosable={false}
      onClose={onCancel}
      testId={testId}
      labelledBy={title ? titleId : undefined}
    >
      <div className="dialog__content">
        {title && (
          <h2 id={titleId} className="dialog__title" data-testid={`${testId}-title`}>
            {title}
          </h2>
        )}
        <p className="dialog__message" data-testid={`${testId}-message`}>
          {message}
        </p>
        {children}
        <div className="dialog__actions">
          {cancelLabel && (
            <button type="button" className="button" data-testid={`${testId}-cancel`} onClick={onCancel}>
              {cancelLabel}
            </button>
          )}
          <button
            type="button"
            className="button button--primary"
            data-testid={`${testId}-confirm`}
            data-autofocus
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </Popup>
  );
}
