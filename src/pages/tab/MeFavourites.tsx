// The signed-in user's favourites on the Me page: all, or only products, influencers, videos,
// music or hashtags, newest first, each row linking to its detail page with its heart; a row
// unliked here (or anywhere) leaves the list at once; a change made offline shows at once (a
// like as a row that links to the item until the server has it). Test ids `me-favourites`
// (data-total), `favourites-tab-{all|goods|influencer|video|music|hashtag}`, `favourites-empty`,
// `favourite-unavailable`, `favourite-pending`. With one kind chosen, "Export CSV" downloads
// those favourites.
import { useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { Link } from "wouter";
import { detailHref, hasDetailPage } from "../../routing/detail-links";
import { ENTITY_OF_FAVOURITE, listFavourites, type FavouriteItem, type FavouriteKind } from "../../api/favourites";
import { EntityRow } from "../../components/EntityRow";
import { FavouriteButton } from "../../components/FavouriteButton";
import { LoadMore } from "../../components/LoadMore";
import { usePagedList } from "../../hooks/use-paged-list";
import { favouritesState, noteFavourites } from "../../state/favourites";
import { useToken } from "../../state/user";
import { ExportButton } from "../../features/export/ExportButton";

type Filter = "all" | FavouriteKind;

const FILTERS: readonly [Filter, MessageDescriptor][] = [
  ["all", msg`All`],
  ["goods", msg`Products`],
  ["influencer", msg`Influencers`],
  ["video", msg`Videos`],
  ["music", msg`Music`],
  ["hashtag", msg`Hashtags`],
];

const PAGE_SIZE = 20;

function FavouriteRow({ item }: { item: FavouriteItem }) {
  const card = item[item.type];
  const entity = ENTITY_OF_FAVOURITE[item.type];
  if (!item.available || !card) {
    return (
      <p className="card__note" data-testid="favourite-unavailable">
        <Trans>This item is no longer available.</Trans>
      </p>
    );
  }
  // Rows of music and hashtags carry no heart elsewhere (lists); here they keep theirs.
  const heart = hasDetailPage(entity) ? undefined : <FavouriteButton entity={entity} id={card.id} />;
  return <EntityRow entity={entity} item={card} trailing={heart} />;
}

/** A like made offline that the server does not list yet. */
function PendingRow({ pendingKey }: { pendingKey: string }) {
  const [kind, id] = pendingKey.split(/:(.*)/s) as [FavouriteKind, string];
  return (
    <p className="card__note" data-testid="favourite-pending">
      <Link href={detailHref(ENTITY_OF_FAVOURITE[kind], id)}>{id}</Link>{" "}
      <Trans>Saved on this device; it is added to your favourites when you are back online.</Trans>
    </p>
  );
}

export function MeFavourites() {
  const { i18n, t } = useLingui();
  const token = useToken();
  const [filter, setFilter] = useState<Filter>("all");
  const { liked, loadedFor, pending } = useSnapshot(favouritesState);
  const list = usePagedList(
    async (page) => {
      const result = await listFavourites({ type: filter === "all" ? undefined : filter, page, size: PAGE_SIZE });
      noteFavourites(result.list);
      return result;
    },
    [filter, token],
  );
  // Unliked since the page loaded: gone from the list without a reload.
  const rows = list.rows.filter(
    (item) => (loadedFor !== token || liked[`${item.type}:${item.id}`]) && pending[`${item.type}:${item.id}`] !== false,
  );
  const listed = new Set(rows.map((item) => `${item.type}:${item.id}`));
  const waiting = Object.keys(pending).filter(
    (key) => pending[key] && !listed.has(key) && (filter === "all" || key.startsWith(`${filter}:`)),
  );

  return (
    <section className="card" data-testid="me-favourites" data-total={list.initial ? "" : rows.length + waiting.length}>
      <h2 className="card__title">
        <Trans>My favourites</Trans>
      </h2>
      <div className="chips" role="group" aria-label={t`Favourites`}>
        {FILTERS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="chip"
            aria-pressed={value === filter}
            data-testid={`favourites-tab-${value}`}
            onClick={() => setFilter(value)}
          >
            {i18n._(label)}
          </button>
        ))}
      </div>
      {filter !== "all" && (
        <div className="export-row">
          <ExportButton href={`/api/v1/export/favourites?type=${ENTITY_OF_FAVOURITE[filter]}`} />
        </div>
      )}
      <div className="detail-list">
        {waiting.map((key) => (
          <PendingRow key={key} pendingKey={key} />
        ))}
        {rows.map((item) => (
          <FavouriteRow key={`${item.type}:${item.id}`} item={item} />
        ))}
      </div>
      {!list.initial && !list.failed && rows.length + waiting.length === 0 ? (
        <p className="card__note" data-testid="favourites-empty">
          <Trans>Tap the heart on a product, influencer, video, sound or hashtag to keep it here.</Trans>
        </p>
      ) : (
        list.status !== "none" && (
          <LoadMore status={list.initial ? "loading" : list.status} onLoadMore={list.loadMore} />
        )
      )}
    </section>
  );
}
