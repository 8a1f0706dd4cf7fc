// Lists (spec §2, /rank with query type and rankType, defaults influencers and breakout):
// filters, then the rank list — virtualised, loaded page by page as the end comes near, with
// the load-more states and pull-to-refresh. When the plan hides the rest of a list (visitors
// see the top 10 rows), the end shows a call to sign in, or to upgrade for a signed-in user.
import { useState } from "react";
import { Trans } from "@lingui/react/macro";
import { Link, useLocation, useSearch } from "wouter";
import type { RankRow } from "../../api/entities";
import { rankList } from "../../api/rank";
import { loginHref } from "../../app/guard";
import { hrefFor } from "../../app/routes";
import { EntityRow, ENTITY_ROW_HEIGHT } from "../../components/EntityRow";
import { figuresOf } from "../../components/figures";
import { LoadMore } from "../../components/LoadMore";
import { PullToRefresh } from "../../components/PullToRefresh";
import { useBottomReach } from "../../components/useBottomReach";
import { usePagedList } from "../../components/usePagedList";
import { VirtualList } from "../../components/VirtualList";
import { savedCopyOf, type SavedCopy } from "../../lib/savedCopy";
import { openPlanDetails } from "../../state/price";
import { useMarket } from "../../state/rankDiscover";
import { useToken } from "../../state/user";
import { RankFilters } from "./rank/RankFilters";
import { rankQuery, readRankQuery, type RankSelection } from "./rank/rankLabels";
import "./rank/rank.css";

export const RANK_PAGE_SIZE = 20;
/** Start loading the next page this far (px) before the end of the list. */
const PRELOAD_DISTANCE = 600;

function LimitedCallToAction({ signedIn, here }: { signedIn: boolean; here: string }) {
  if (!signedIn) {
    return (
      <div className="sign-in-cta" data-testid="rank-sign-in-cta">
        <p>
          <Trans>Sign in to see the full list.</Trans>
        </p>
        <Link href={loginHref(here)} className="button button--primary" data-testid="rank-sign-in">
          <Trans>Sign in / Register</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div className="sign-in-cta" data-testid="rank-upgrade-cta">
      <p>
        <Trans>Upgrade your membership to see more of this list.</Trans>
      </p>
      <button type="button" className="button button--primary" onClick={openPlanDetails}>
        <Trans>Upgrade membership</Trans>
      </button>
    </div>
  );
}

export default function RankPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const market = useMarket();
  const token = useToken();
  const selection = readRankQuery(search);
  const { entity, rankType, window: period, categoryId } = selection;

  // Whether the first page came from the service worker's cache (shown next to the data's age).
  const [saved, setSaved] = useState<SavedCopy | undefined>();
  const list = usePagedList(
    (page) =>
      rankList(entity, { rankType, window: period, country: market, categoryId, page, size: RANK_PAGE_SIZE }).then((result) => {
        if (page === 1) setSaved(savedCopyOf(result));
        return result;
      }),
    [entity, rankType, period, categoryId, market, token],
  );
  useBottomReach(list.loadMore, PRELOAD_DISTANCE, list.status === "more" && !list.failed && !list.initial);

  const select = (change: Partial<RankSelection>) => {
    navigate(hrefFor("rank", rankQuery({ ...selection, ...change })), { replace: true });
    window.scrollTo(0, 0);
  };
  const figures = figuresOf(entity, rankType);
  const here = search ? `${location}?${search}` : location;

  return (
    <div data-testid="rank-page" data-entity={entity} data-rank-type={rankType} data-window={period}>
      <RankFilters selection={selection} onSelect={select} updatedAt={list.updatedAt} saved={saved} />
      <PullToRefresh onRefresh={list.refresh}>
        <div className="rank-list" data-testid="rank-list" data-state={list.initial ? "loading" : list.failed ? "failed" : "ready"}>
          {list.initial ? (
            Array.from({ length: 6 }, (_, index) => <div key={index} className="skeleton-row" style={{ height: ENTITY_ROW_HEIGHT }} />)
          ) : (
            <VirtualList
              items={list.rows as RankRow[]}
              rowHeight={ENTITY_ROW_HEIGHT}
              getKey={(row) => row.id}
              renderRow={(row, index) => <EntityRow entity={entity} item={row} figures={figures} eager={index < 4} />}
            />
          )}
          {!list.initial && list.rows.length === 0 && !list.failed && (
            <p className="empty-state" data-testid="rank-empty">
              <Trans>No data for this list yet.</Trans>
            </p>
          )}
        </div>
        {list.limited && list.status === "none" ? (
          <LimitedCallToAction signedIn={Boolean(token)} here={here} />
        ) : (
          !list.initial && <LoadMore status={list.status} onLoadMore={list.loadMore} />
        )}
      </PullToRefresh>
    </div>
  );
}
