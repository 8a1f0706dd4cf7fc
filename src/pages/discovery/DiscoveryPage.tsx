// Discovery (/discovery, open to visitors): search videos, influencers or products (query type
// and keyword), results loaded page by page when the page bottom comes within 30 px (the
// spec's bottom-reach distance), the search history when nothing is searched, and the footer.
// Searching needs an account (401 opens the login prompt); a free user's used-up searches (802)
// open the upgrade dialog. Test ids: `discovery-tab-{videos|influencers|goods}`, `search-input`,
// `search-submit`, `search-results` (data-keyword, data-total). The type tabs are a tab list
// (arrow keys, Home and End move between them).
import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation, useSearch } from "wouter";
import type { GoodsCard, InfluencerCard, VideoCard } from "../../api/entities";
import { MAX_KEYWORD_LENGTH, searchGoods, searchInfluencers, searchVideos, type SearchQuery } from "../../api/search";
import { hrefFor } from "../../routing/paths";
import { EntityRow, ENTITY_ROW_HEIGHT } from "../../components/EntityRow";
import { LoadMore } from "../../components/LoadMore";
import { SiteFooter } from "../../components/SiteFooter";
import { useBottomReach } from "../../hooks/use-bottom-reach";
import { useTabKeys } from "../../hooks/use-tab-keys";
import { usePagedList } from "../../hooks/use-paged-list";
import { VirtualList } from "../../components/virtual-list/VirtualList";
import { recordSearch, useMarket, type SearchRecord, type SearchType } from "../../state/rank-discover";
import { SEARCH_TYPES } from "../../storage/search-history";
import { showToast } from "../../state/system";
import { SearchHistory } from "./SearchHistory";
import "./discovery.css";

/** Discovery's bottom-reach distance. */
export const DISCOVERY_BOTTOM_DISTANCE = 30;
const PAGE_SIZE = 20;

const readType = (value: string | null): SearchType =>
  (SEARCH_TYPES as readonly (string | null)[]).includes(value) ? (value as SearchType) : "videos";

const SEARCHES = { videos: searchVideos, influencers: searchInfluencers, goods: searchGoods } as const satisfies Record<
  SearchType,
  (query: SearchQuery) => Promise<unknown>
>;

function Results({ type, keyword }: { type: SearchType; keyword: string }) {
  const market = useMarket();
  const list = usePagedList<VideoCard | InfluencerCard | GoodsCard>(
    (page) => SEARCHES[type]({ keyword, country: market, page, size: PAGE_SIZE }),
    [type, keyword, market],
  );
  useBottomReach(list.loadMore, DISCOVERY_BOTTOM_DISTANCE, list.status === "more" && !list.failed && !list.initial);

  return (
    <section
      className="search-results"
      data-testid="search-results"
      data-keyword={keyword}
      data-total={list.initial ? "" : list.total}
      data-state={list.initial ? "loading" : list.failed ? "failed" : "ready"}
    >
      {!list.initial && (
        <VirtualList
          testId="search-list"
          items={list.rows}
          rowHeight={ENTITY_ROW_HEIGHT}
          renderRow={(row) => <EntityRow entity={type} item={row} />}
        />
      )}
      {!list.initial && !list.failed && list.rows.length === 0 ? (
        <p className="empty-state" data-testid="search-empty">
          <Trans>Nothing found. Try other words.</Trans>
        </p>
      ) : (
        <LoadMore status={list.initial ? "loading" : list.status} onLoadMore={list.loadMore} />
      )}
    </section>
  );
}

export default function DiscoveryPage() {
  const { t } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(search);
  const type = readType(query.get("type"));
  const keyword = (query.get("keyword") ?? "").trim();
  // The box shows the searched keyword again whenever the URL's keyword changes.
  const [draft, setDraft] = useState(keyword);
  const [draftKeyword, setDraftKeyword] = useState(keyword);
  if (draftKeyword !== keyword) {
    setDraftKeyword(keyword);
    setDraft(keyword);
  }

  const go = (nextType: SearchType, nextKeyword: string) => {
    const params: Record<string, string> = { type: nextType };
    if (nextKeyword) params.keyword = nextKeyword;
    navigate(hrefFor("discovery", params), { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = draft.trim();
    if (!words) {
      showToast(t`Enter a keyword`);
      return;
    }
    void recordSearch(words, type);
    go(type, words);
  };
  const pick = (record: SearchRecord) => {
    void recordSearch(record.keyword, record.type);
    go(record.type, record.keyword);
  };
  const onTabKeyDown = useTabKeys(SEARCH_TYPES, type, (next) => go(next, keyword));

  return (
    <>
      <div className="tabs discovery-tabs" role="tablist" aria-label={t`Search`} onKeyDown={onTabKeyDown}>
        {SEARCH_TYPES.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={value === type}
            tabIndex={value === type ? 0 : -1}
            data-testid={`discovery-tab-${value}`}
            onClick={() => go(value, keyword)}
          >
            {{ videos: t`Videos`, influencers: t`Influencers`, goods: t`Products` }[value]}
          </button>
        ))}
      </div>
      <form className="search-box" role="search" onSubmit={submit}>
        <input
          type="search"
          className="search-box__input"
          value={draft}
          maxLength={MAX_KEYWORD_LENGTH}
          placeholder={
            {
              videos: t`Search video captions`,
              influencers: t`Search influencer names`,
              goods: t`Search product titles and shops`,
            }[type]
          }
          aria-label={t`Keyword`}
          enterKeyHint="search"
          data-testid="search-input"
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button--primary button--small" data-testid="search-submit">
          <Trans>Search</Trans>
        </button>
      </form>
      {keyword ? <Results key={`${type}|${keyword}`} type={type} keyword={keyword} /> : <SearchHistory onPick={pick} />}
      {!keyword && <SiteFooter />}
    </>
  );
}
