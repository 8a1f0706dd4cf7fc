// The debug panel's launcher (spec §9): a small floating "Debug" button that loads the panel's
// own chunk on first tap and opens or closes it. Boot mounts this lazily, and only on hosts
// containing "test" or "localhost" (contract/debug-host.ts), so nothing of it reaches other
// hosts or the home page's first chunks.
import { lazy, Suspense, useState } from "react";
import { Trans } from "@lingui/react/macro";
import "./debug.css";

const DebugPanel = lazy(() => import("./DebugPanel"));

export default function DebugLauncher() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="debug-launcher"
        aria-expanded={open}
        aria-controls={open ? "debug-panel" : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        <Trans>Debug</Trans>
      </button>
      {open && (
        <Suspense fallback={null}>
          <DebugPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
