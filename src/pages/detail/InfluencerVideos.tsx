// An influencer's video list with the filter all / with products / without
// products, ten at a time with the load-more states. Test ids `influencer-videos` (data-filter,
// data-total) and `video-filter-{all|with_products|without_products}`.
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useState } from "react";
import { influencerVideos, VIDEO_FILTERS, type VideoFilter } from "../../api/details";
import { EntityRow } from "../../components/EntityRow";
import { LoadMore } from "../../components/LoadMore";
import { usePagedList } from "../../hooks/use-paged-list";

const FILTER_LABELS: Record<VideoFilter, MessageDescriptor> = {
  all: msg`All`,
  with_products: msg`With products`,
  without_products: msg`Without products`,
};

const PAGE_SIZE = 10;

export function InfluencerVideos({ id }: { id: string }) {
  const { i18n, t } = useLingui();
  const [filter, setFilter] = useState<VideoFilter>("all");
  const list = usePagedList((page) => influencerVideos(id, filter, page, PAGE_SIZE), [id, filter]);

  return (
    <section
      className="card"
      data-testid="influencer-videos"
      data-filter={filter}
      data-total={list.initial ? "" : list.total}
    >
      <h2 className="card__title">
        <Trans>Videos</Trans>
      </h2>
      <div className="chips" role="group" aria-label={t`Filter videos`}>
        {VIDEO_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            className="chip"
            aria-pressed={value === filter}
            data-testid={`video-filter-${value}`}
            onClick={() => setFilter(value)}
          >
            {i18n._(FILTER_LABELS[value])}
          </button>
        ))}
      </div>
      <div className="detail-list">
        {list.rows.map((video) => (
          <EntityRow key={video.id} entity="videos" item={video} />
        ))}
      </div>
      {!list.initial && list.rows.length === 0 && !list.failed ? (
        <p className="card__note" data-testid="influencer-videos-empty">
          <Trans>No videos here.</Trans>
        </p>
      ) : (
        <LoadMore status={list.status} onLoadMore={list.loadMore} />
      )}
    </section>
  );
}
