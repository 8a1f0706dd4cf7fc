// The search history under the discover search box: newest first, at most 10; tap a
// record to search it again, delete one, or clear all. Test ids `search-history`,
// `search-record` (data-keyword, data-type), `search-record-delete`, `search-history-clear`.
import { useEffect } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  clearSearchHistory,
  deleteSearchRecord,
  loadSearchHistory,
  useSearchHistory,
  type SearchRecord,
} from "../../state/rank-discover";

export function SearchHistory({ onPick }: { onPick: (record: SearchRecord) => void }) {
  const { t } = useLingui();
  const history = useSearchHistory();
  useEffect(() => {
    void loadSearchHistory();
  }, []);
  if (history.length === 0) return null;

  return (
    <section className="card search-history" data-testid="search-history">
      <h2 className="section-title">
        <span className="card__title">
          <Trans>Search history</Trans>
        </span>
        <button
          type="button"
          className="text-button"
          data-testid="search-history-clear"
          onClick={() => void clearSearchHistory()}
        >
          <Trans>Clear all</Trans>
        </button>
      </h2>
      <ul className="search-history__list">
        {history.map((record) => (
          <li
            key={record.id}
            className="search-history__item"
            data-testid="search-record"
            data-keyword={record.keyword}
            data-type={record.type}
          >
            <button type="button" className="search-history__keyword" onClick={() => onPick(record)}>
              {record.keyword}
            </button>
            <button
              type="button"
              className="search-history__delete"
              aria-label={t`Delete`}
              data-testid="search-record-delete"
              onClick={() => void deleteSearchRecord(record.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
