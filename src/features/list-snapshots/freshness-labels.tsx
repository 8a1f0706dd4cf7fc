// The data-age label of a list snapshot, written by the app: DataFreshness as a saved copy,
// rendered once for every age the snapshot can be shown at (from its save until its expiry,
// at the ages where format.ts's relative time changes its words), so the worker paints the
// label of the visit's age by a lookup in this table and formats nothing itself.
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { SNAPSHOT_MAX_AGE_MS, type FreshnessLabel } from "../../../contract/list-snapshots";
import { DataFreshness } from "../../components/DataFreshness";
import { relativeTimeSteps } from "../../lib/format";

/** A saved copy's label says "Saved copy" (the worker answers it from its cache). */
const SAVED = { savedAt: null };

/**
 * The labels by data age (ms since `updatedAt`), ascending, for a snapshot saved at `savedAt`;
 * one label when the list has no data time. Rendered in the active catalog's language.
 */
export function freshnessLabels(updatedAt: string | undefined, savedAt: number): FreshnessLabel[] {
  const updated = updatedAt ? Date.parse(updatedAt) : NaN;
  const steps = Number.isNaN(updated)
    ? [0]
    : relativeTimeSteps(savedAt - updated, savedAt - updated + SNAPSHOT_MAX_AGE_MS);
  const container = document.createElement("div");
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        {steps.map((age) => (
          <div key={age}>
            <DataFreshness
              updatedAt={Number.isNaN(updated) ? undefined : updatedAt}
              saved={SAVED}
              now={updated + age}
            />
          </div>
        ))}
      </I18nProvider>,
    ),
  );
  const labels: FreshnessLabel[] = [];
  Array.from(container.children).forEach((rendered, index) => {
    const html = rendered.innerHTML;
    if (labels.at(-1)?.html !== html) labels.push({ after: steps[index], html });
  });
  root.unmount();
  return labels;
}
