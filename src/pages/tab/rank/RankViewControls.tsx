// Sort and number-range filters above a rank list (issue 15): "Sort by" the rank or any figure
// the list shows, the order (high to low, low to high), and min/max fields for the entity's
// price, sales and growth (in %) applied with "Apply" and removed with "Clear". Everything is
// written to the /rank URL (rank-view.ts) by the page. Test ids `rank-sort`, `rank-order`,
// `rank-range-filters`, `rank-filters-apply`, `rank-filters-clear`.
import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { EntityKind } from "../../../api/entities";
import { figureLabel, type Figure } from "../../../components/figures";
import { emptyRanges, ENTITY_RANGES, type Bound, type RangeBounds, type RangeName, type RankView } from "./rank-view";

const RANGE_LABELS: Record<RangeName, MessageDescriptor> = {
  price: msg`Price`,
  sales: msg`Sales`,
  growth: msg`Growth (%)`,
};

export interface RankViewControlsProps {
  entity: EntityKind;
  figures: readonly Figure[];
  view: RankView;
  onChange: (view: RankView) => void;
}

const text = (bound: Bound) => (bound === null ? "" : String(bound));
const bound = (value: string): Bound => (value.trim() === "" || !Number.isFinite(Number(value)) ? null : Number(value));

export function RankViewControls({ entity, figures, view, onChange }: RankViewControlsProps) {
  const { i18n, t } = useLingui();
  const ranges = ENTITY_RANGES[entity];
  const [draft, setDraft] = useState<RangeBounds>(view.ranges);
  const [shown, setShown] = useState(view.ranges);
  // The fields follow the URL when it changes (another list, a cleared filter).
  if (shown !== view.ranges && JSON.stringify(shown) !== JSON.stringify(view.ranges)) {
    setShown(view.ranges);
    setDraft(view.ranges);
  }
  const active = ranges.some((name) => view.ranges[name].min !== null || view.ranges[name].max !== null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...view, ranges: draft });
  };
  const edit = (name: RangeName, edge: "min" | "max", value: string) =>
    setDraft((current) => ({ ...current, [name]: { ...current[name], [edge]: bound(value) } }));

  return (
    <div className="rank-view">
      <div className="rank-view__sort">
        <label className="rank-view__label">
          <Trans>Sort by</Trans>
          <select
            className="select"
            data-testid="rank-sort"
            value={view.sort ?? ""}
            onChange={(event) => onChange({ ...view, sort: event.target.value || null })}
          >
            <option value="">{t`Rank`}</option>
            {figures.map((figure) => (
              <option key={figure.key} value={figure.key}>
                {figureLabel(figure, i18n)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="chip"
          data-testid="rank-order"
          aria-pressed={view.order === "asc"}
          onClick={() => onChange({ ...view, order: view.order === "asc" ? "desc" : "asc" })}
        >
          {view.order === "asc" ? t`Low to high` : t`High to low`}
        </button>
      </div>
      <details className="rank-view__ranges" open={active} data-testid="rank-range-filters">
        <summary>
          <Trans>Filters</Trans>
        </summary>
        <form onSubmit={apply}>
          {ranges.map((name) => {
            const label = i18n._(RANGE_LABELS[name]);
            return (
              <fieldset key={name} className="rank-view__range">
                <legend>{label}</legend>
                <input
                  type="number"
                  inputMode="decimal"
                  step="any"
                  className="field__input"
                  aria-label={t`${label} from`}
                  value={text(draft[name].min)}
                  onChange={(event) => edit(name, "min", event.target.value)}
                />
                <input
                  type="number"
                  inputMode="decimal"
                  step="any"
                  className="field__input"
                  aria-label={t`${label} to`}
                  value={text(draft[name].max)}
                  onChange={(event) => edit(name, "max", event.target.value)}
                />
              </fieldset>
            );
          })}
          <div className="rank-view__actions">
            <button type="submit" className="button button--primary button--small" data-testid="rank-filters-apply">
              <Trans>Apply</Trans>
            </button>
            <button
              type="button"
              className="button button--small"
              data-testid="rank-filters-clear"
              onClick={() => onChange({ ...view, ranges: emptyRanges() })}
            >
              <Trans>Clear</Trans>
            </button>
          </div>
        </form>
      </details>
    </div>
  );
}
