// The filters above a rank list: entity tabs, rank-type and window chips, the market and (for
// goods, influencers and videos) the category, plus the time and age of the data shown (and
// whether it is a saved copy). Test ids:
// `rank-tab-{entity}` (a tab list: arrow keys, Home and End move between the tabs), `rank-type-{type}`, `rank-window-{window}`, `category-select`,
// `market-select`, `rank-updated`.
import { Trans, useLingui } from "@lingui/react/macro";
import { CATEGORY_ENTITIES, RANK_TYPES, RANK_WINDOWS } from "../../../api/rank";
import { DataFreshness } from "../../../components/DataFreshness";
import { MarketSelect } from "../../../components/MarketSelect";
import { useTabKeys } from "../../../hooks/use-tab-keys";
import { formatBusinessTime } from "../../../lib/format";
import type { SavedCopy } from "../../../lib/saved-copy";
import { useLocale } from "../../../state/system";
import { ENTITY_LABELS, RANK_TABS, RANK_TYPE_LABELS, WINDOW_LABELS, type RankSelection } from "./rank-labels";
import { useCategories } from "./use-categories";

export interface RankFiltersProps {
  selection: RankSelection;
  onSelect: (change: Partial<RankSelection>) => void;
  updatedAt: string | undefined;
  /** Set when the first page came from the service worker's cache. */
  saved?: SavedCopy;
}

export function RankFilters({ selection, onSelect, updatedAt, saved }: RankFiltersProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const filtersByCategory = CATEGORY_ENTITIES.includes(selection.entity);
  const categories = useCategories(filtersByCategory);
  const time = updatedAt ? formatBusinessTime(updatedAt, locale) : "";
  const allOf = (name: string) => t`All of ${name}`;
  const selectEntity = (entity: RankSelection["entity"]) =>
    onSelect({ entity, rankType: RANK_TYPES[entity][0], categoryId: null });
  const onTabKeyDown = useTabKeys(RANK_TABS, selection.entity, selectEntity);

  return (
    <div className="rank-filters">
      <div className="tabs" role="tablist" aria-label={t`Lists`} onKeyDown={onTabKeyDown}>
        {RANK_TABS.map((entity) => (
          <button
            key={entity}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={entity === selection.entity}
            tabIndex={entity === selection.entity ? 0 : -1}
            data-testid={`rank-tab-${entity}`}
            onClick={() => selectEntity(entity)}
          >
            {i18n._(ENTITY_LABELS[entity])}
          </button>
        ))}
      </div>
      <div className="chips" aria-label={t`Rank type`}>
        {RANK_TYPES[selection.entity].map((type: string) => (
          <button
            key={type}
            type="button"
            className="chip"
            aria-pressed={type === selection.rankType}
            data-testid={`rank-type-${type}`}
            onClick={() => onSelect({ rankType: type })}
          >
            {i18n._(RANK_TYPE_LABELS[selection.entity][type])}
          </button>
        ))}
      </div>
      <div className="chips" aria-label={t`Period`}>
        {RANK_WINDOWS.map((window) => (
          <button
            key={window}
            type="button"
            className="chip"
            aria-pressed={window === selection.window}
            data-testid={`rank-window-${window}`}
            onClick={() => onSelect({ window })}
          >
            {i18n._(WINDOW_LABELS[window])}
          </button>
        ))}
      </div>
      <div className="rank-filters__selects">
        <MarketSelect />
        {filtersByCategory && (
          <select
            className="select"
            aria-label={t`Category`}
            data-testid="category-select"
            value={selection.categoryId ?? ""}
            onChange={(event) => onSelect({ categoryId: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">{t`All categories`}</option>
            {categories.map((group) => (
              <optgroup key={group.id} label={group.name}>
                <option value={group.id}>{allOf(group.name)}</option>
                {group.children?.map((leaf) => (
                  <option key={leaf.id} value={leaf.id}>
                    {leaf.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </div>
      <p className="rank-filters__time muted" data-testid="rank-updated">
        {time && <Trans>Data as of {time}</Trans>} <DataFreshness updatedAt={updatedAt} saved={saved} />
      </p>
    </div>
  );
}
