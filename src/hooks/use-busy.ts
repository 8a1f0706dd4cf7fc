// A busy flag for submit buttons (submit shows loading and blocks repeat submits).
// The ref guards against a second click arriving before React re-renders the disabled button.
import { useCallback, useRef, useState } from "react";

export function useBusy(): [busy: boolean, run: (task: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
