// Renders the toast queue of the system store, oldest first; each toast removes itself after its
// duration (4000 ms, errors 6000 ms — see state/system.ts). The host is a polite live region that
// is always in the page, so screen readers announce each toast: info toasts politely
// (role status), errors at once (role alert, aria-live assertive).
import { useToasts } from "../state/system";

export function ToastHost() {
  const toasts = useToasts();
  return (
    <div className="toast-host" aria-live="polite">
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
