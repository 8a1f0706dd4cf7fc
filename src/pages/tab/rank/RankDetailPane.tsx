// The detail pane of the desktop list + detail layout (≥ 1024 px): the same detail component
// as the detail page, loaded lazily (the list's chunk stays as small as before) and given the
// selected id through DetailIdContext, under a heading that takes focus when the item changes,
// with a button that closes the pane. Test id `detail-pane` (data-id).
import { lazy, Suspense, useEffect, useId, useRef } from "react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { DetailEntity } from "../../../api/entities";
import { DetailIdContext } from "../../detail/detail-id";

const DETAIL_VIEWS = {
  goods: lazy(() => import("../../detail/GoodsDetailPage")),
  influencers: lazy(() => import("../../detail/InfluencerDetailPage")),
  videos: lazy(() => import("../../detail/VideoDetailPage")),
};

const TITLES = {
  goods: msg`Product details`,
  influencers: msg`Influencer details`,
  videos: msg`Video details`,
};

export function RankDetailPane({ entity, id, onClose }: { entity: DetailEntity; id: string; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), [id]);
  const View = DETAIL_VIEWS[entity];

  return (
    <section className="list-detail__detail" aria-labelledby={titleId} data-testid="detail-pane" data-id={id}>
      <div className="detail-pane__header">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="detail-pane__title">
          {i18n._(TITLES[entity])}
        </h2>
        <button
          type="button"
          className="detail-pane__close"
          aria-label={t`Close details`}
          data-testid="detail-pane-close"
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <DetailIdContext.Provider value={id}>
        <Suspense fallback={<div className="page-status" data-testid="detail-pane-loading" />}>
          <View key={id} />
        </Suspense>
      </DetailIdContext.Provider>
    </section>
  );
}
