// Lists (/rank with query type and rankType, defaults influencers and breakout): the tools menu,
// filters, then the rank list — virtualised, loaded page by page as the end comes near, with
// the load-more states and pull-to-refresh. When the plan hides the rest of a list (visitors
// see the top 10 rows), the end shows a call to sign in, or to upgrade for a signed-in user.
// Once the first page has rendered from data its first screen is saved as a snapshot the
// service worker paints on the next visit (useListSnapshot, src/features/list-snapshots/); a visit painted from one
// keeps the snapshot's rows (inert) in place of the skeleton until its data has loaded.
// At ≥ 1024 px a signed-in viewer's row click opens the detail beside the list (?selected=<id>,
// RankDetailPane) instead of the detail page; narrower screens navigate as before.
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Trans } from "@lingui/react/macro";
import { Link, useLocation, useSearch } from "wouter";
import type { RankRow } from "../../api/entities";
import { rankList } from "../../api/rank";
import { loginHref } from "../../routing/guard";
import { hrefFor } from "../../routing/paths";
import { hasDetailPage } from "../../routing/detail-links";
import { useWideLayout } from "../../hooks/use-wide-layout";
import { ToolsNav } from "../../components/ToolsNav";
import { EntityRow, ENTITY_ROW_HEIGHT } from "../../components/EntityRow";
import { figuresOf } from "../../components/figures";
import { LoadMore } from "../../components/LoadMore";
import { PullToRefresh } from "../../components/PullToRefresh";
import { useBottomReach } from "../../hooks/use-bottom-reach";
import { usePagedList } from "../../hooks/use-paged-list";
import { VirtualList } from "../../components/virtual-list/VirtualList";
import { useListSnapshot } from "../../features/list-snapshots/use-list-snapshot";
import { savedCopyOf, type SavedCopy } from "../../lib/saved-copy";
import { openPlanDetails } from "../../state/price";
import { setMarket, useMarket } from "../../state/rank-discover";
import { ExportButton } from "../../features/export/ExportButton";
import { snakeKeys } from "../../lib/case";
import { useLocale, useSystemId } from "../../state/system";
import { useToken } from "../../state/user";
import { RankFilters } from "./rank/RankFilters";
import { rankQuery, readRankQuery, type RankSelection } from "./rank/rank-labels";
import { rankViewApiQuery, type RankView } from "./rank/rank-view";
import { RankViewControls } from "./rank/RankViewControls";
import { RankDetailPane } from "./rank/RankDetailPane";
import { clickedRowId, readSelected, withSelected } from "./rank/detail-selection";
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
  const chosenMarket = useMarket();
  const token = useToken();
  const selection = readRankQuery(search);
  const { entity, rankType, window: period, categoryId, view } = selection;
  // A link's market wins over the one chosen before; choosing another market rewrites the link.
  const market = selection.country ?? chosenMarket;
  const lastChosen = useRef(chosenMarket);
  useEffect(() => {
    if (chosenMarket !== lastChosen.current) {
      lastChosen.current = chosenMarket;
      if (selection.country !== chosenMarket) {
        navigate(hrefFor("rank", rankQuery({ ...selection, country: chosenMarket })), { replace: true });
      }
    } else if (selection.country && selection.country !== chosenMarket) {
      setMarket(selection.country);
    }
  }, [chosenMarket, selection, navigate]);
  const viewQuery = rankViewApiQuery(view);
  const viewKey = JSON.stringify(viewQuery);

  const locale = useLocale();
  const systemId = useSystemId();
  const here = search ? `${location}?${search}` : location;
  const page = useRef<HTMLDivElement>(null);
  const nextUpdateAt = useRef<string | undefined>(undefined);

  // Whether the first page came from the service worker's cache (shown next to the data's age).
  const [saved, setSaved] = useState<SavedCopy | undefined>();
  const list = usePagedList(
    (page) =>
      rankList(entity, {
        rankType,
        window: period,
        country: market,
        categoryId,
        page,
        size: RANK_PAGE_SIZE,
        ...viewQuery,
      }).then((result) => {
        if (page === 1) {
          setSaved(savedCopyOf(result));
          nextUpdateAt.current = result.nextUpdateAt;
        }
        return result;
      }),
    [entity, rankType, period, categoryId, market, token, viewKey],
  );
  // The first screen rendered from data becomes the next visit's snapshot; a visit painted from
  // one shows its rows until the first load is in.
  const firstId = list.rows.length > 0 ? (list.rows[0] as RankRow).id : null;
  const ready = !list.initial && !list.failed && firstId !== null;
  const boot = useListSnapshot(page, {
    initial: list.initial,
    ready,
    firstId,
    url: here,
    locale,
    systemId,
    token,
    updatedAt: list.updatedAt,
    nextUpdateAt,
  });
  const showBoot = boot !== null;
  useBottomReach(list.loadMore, PRELOAD_DISTANCE, list.status === "more" && !list.failed && !list.initial);

  const select = (change: Partial<RankSelection>) => {
    navigate(hrefFor("rank", rankQuery({ ...selection, ...change })), { replace: true });
    window.scrollTo(0, 0);
  };
  const figures = figuresOf(entity, rankType);
  // The list + detail layout: only wide, signed in (detail pages need a login) and for lists
  // whose items have a detail page.
  const wide = useWideLayout();
  const selectedId = readSelected(search);
  const paneEntity = wide && token && hasDetailPage(entity) ? entity : null;
  const openInPane = (event: MouseEvent) => {
    const id = paneEntity && clickedRowId(event);
    if (!id) return;
    event.preventDefault();
    navigate(`${location}?${withSelected(search, id)}`);
  };
  const closePane = () => navigate(`${location}?${withSelected(search, null)}`);
  const exportQuery = new URLSearchParams(
    snakeKeys<Record<string, string>>({
      rankType,
      window: period,
      country: market,
      ...(categoryId === null ? {} : { categoryId: String(categoryId) }),
      ...Object.fromEntries(Object.entries(viewQuery).map(([key, value]) => [key, String(value)])),
    }),
  );

  return (
    <div
      className={paneEntity && selectedId ? "list-detail list-detail--open" : "list-detail"}
      data-testid="rank-page"
      data-entity={entity}
      data-rank-type={rankType}
      data-window={period}
    >
      <div ref={page} className="list-detail__list" data-testid="rank-list-column">
        <ToolsNav className="rank-tools" />
        <RankFilters
          selection={selection}
          onSelect={select}
          updatedAt={list.updatedAt ?? (showBoot ? boot.updatedAt : undefined)}
          saved={saved ?? (showBoot ? { savedAt: boot.savedAt || null } : undefined)}
        />
        <RankViewControls
          entity={entity}
          figures={figures}
          view={view}
          onChange={(next: RankView) => select({ view: next })}
        />
        <div className="export-row">
          <ExportButton href={`/api/v1/export/rank/${entity}?${exportQuery.toString()}`} />
        </div>
        <PullToRefresh onRefresh={list.refresh}>
          <div
            className="rank-list"
            data-testid="rank-list"
            onClickCapture={openInPane}
            data-state={list.initial ? "loading" : list.failed ? "failed" : "ready"}
          >
            {showBoot ? (
              // Markup this app rendered and the worker stored for this viewer (sw/list-snapshot.ts).
              <div
                className="rank-list__snapshot"
                inert
                data-testid="rank-list-snapshot"
                dangerouslySetInnerHTML={{ __html: boot.listHtml }}
              />
            ) : list.initial ? (
              Array.from({ length: 6 }, (_, index) => (
                <div key={index} className="skeleton-row" style={{ height: ENTITY_ROW_HEIGHT }} />
              ))
            ) : (
              <VirtualList
                items={list.rows}
                rowHeight={ENTITY_ROW_HEIGHT}
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
      {paneEntity && selectedId && <RankDetailPane entity={paneEntity} id={selectedId} onClose={closePane} />}
    </div>
  );
}
