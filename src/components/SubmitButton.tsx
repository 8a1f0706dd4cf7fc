// The primary submit button of a form: while `busy` it shows a spinner and is disabled, so a
// second press cannot send the form again.
import type { ReactNode } from "react";

export function SubmitButton({ testId, busy, children }: { testId: string; busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="button button--primary button--block"
      data-testid={testId}
      disabled={busy}
      aria-busy={busy}
    >
      {busy && <span className="spinner spinner--small" aria-hidden="true" />}
      {children}
    </button>
  );
}
