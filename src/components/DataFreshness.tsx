// The age of the data on a list or detail screen ("Updated 3 hours ago", from the list's
// updated_at) and, when the service worker answered from its cache, that this is a saved copy
// (sw/data-cache.ts, src/lib/saved-copy.ts). Used by the home sections, the /rank list and the
// detail pages. The ages are told as of the moment the data arrived (read again whenever the
// data time or the saved copy changes), or as of `now` when given. Test ids:
// `data-freshness` (data-saved), `data-age`, `data-saved`.
import { useState } from "react";
import { Trans } from "@lingui/react/macro";
import { formatRelativeTime } from "../lib/format";
import type { SavedCopy } from "../lib/saved-copy";
import { useLocale } from "../state/system";
import "./offline.css";

export interface DataFreshnessProps {
  /** When the data was cut (ISO instant of the list's updated_at). */
  updatedAt?: string;
  /** Set when the answer came from the worker's cache. */
  saved?: SavedCopy;
  /** The moment the ages are told as of (default: now); list snapshots render it for later ages. */
  now?: number;
}

export function DataFreshness({ updatedAt, saved, now }: DataFreshnessProps) {
  if (!updatedAt && !saved) return null;
  // Keyed by the data it describes: new data mounts a new label, which reads the clock again.
  const data = `${updatedAt ?? ""}|${saved ? String(saved.savedAt) : "network"}`;
  return <FreshnessLabel key={data} updatedAt={updatedAt} saved={saved} now={now} />;
}

function FreshnessLabel({ updatedAt, saved, now }: DataFreshnessProps) {
  const locale = useLocale();
  const [shownAt] = useState(() => Date.now());
  const asOf = now ?? shownAt;
  const age = updatedAt ? formatRelativeTime(updatedAt, asOf, locale) : "";
  const storedAge = saved?.savedAt ? formatRelativeTime(saved.savedAt, asOf, locale) : "";
  return (
    <span className="data-freshness" data-testid="data-freshness" data-saved={saved ? "true" : "false"}>
      {age && (
        <span data-testid="data-age">
          <Trans>Updated {age}</Trans>
        </span>
      )}
      {saved && (
        <span className="data-freshness__saved" data-testid="data-saved">
          {updatedAt || !storedAge ? <Trans>Saved copy</Trans> : <Trans>Saved copy, stored {storedAge}</Trans>}
        </span>
      )}
    </span>
  );
}
