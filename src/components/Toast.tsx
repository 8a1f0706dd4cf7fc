// Renders the toast queue of the system store; each toast removes itself after its duration
// (1000 ms, errors 2000 ms — see state/system.ts).
import { useToasts } from "../state/system";

export function ToastHost() {
  const toasts = useToasts();
  return (
    <div className="toast-host" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === "error" ? "alert" : "status"}
          data-testid="toast"
        >
          {toast.message}
        </div>
      ))}
    </div>
  );
}
