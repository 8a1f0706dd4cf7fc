// One home section: title with a link to its full list, the freshness copy, the time of the
// data shown (business clock) with its age and a saved-copy note when it came from the cache,
// and its rows. While loading, placeholder rows of the same
// height hold the space, so nothing below moves when the data arrives (layout shift).
import { memo } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { RankRow } from "../../api/entities";
import type { HomeSection as SectionData } from "../../api/rank";
import { hrefFor } from "../../routing/paths";
import { DataFreshness } from "../../components/DataFreshness";
import { EntityRow, ENTITY_ROW_HEIGHT } from "../../components/EntityRow";
import { figuresOf } from "../../components/figures";
import { formatBusinessTime } from "../../lib/format";
import { savedCopyOf } from "../../lib/saved-copy";
import { useLocale } from "../../state/system";
import { HOME_ROWS, refreshCopy, type HomeSection } from "./home-sections";

export interface HomeSectionCardProps {
  section: HomeSection;
  data: SectionData<RankRow> | undefined;
  failed: boolean;
  onRetry: () => void;
  /** The first section's images are above the fold. */
  eager: boolean;
  /** How many of the rows to show yet (the home adds a few per frame); the box keeps its height. */
  rows?: number;
}

/** Memoised: the home re-renders once per section shown, and only that section changes. */
export const HomeSectionCard = memo(function HomeSectionCard({
  section,
  data,
  failed,
  onRetry,
  eager,
  rows = HOME_ROWS,
}: HomeSectionCardProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const time = data ? formatBusinessTime(data.updatedAt, locale) : "";
  const more = hrefFor("rank", { type: section.entity, rankType: section.rankType, window: section.window });
  const entity = data?.entity ?? section.entity;
  const figures = figuresOf(entity, section.rankType);
  // Ready once every row is in (the home adds them a few per frame).
  const complete = Boolean(data) && Math.min(rows, HOME_ROWS) >= Math.min(data!.list.length, HOME_ROWS);

  return (
    <section
      className="card home-section"
      data-testid={`home-section-${section.id}`}
      data-state={complete ? "ready" : !data && failed ? "failed" : "loading"}
    >
      <h2 className="section-title">
        <span className="card__title">{i18n._(section.title)}</span>
        <Link href={more} className="home-section__more" data-testid="home-section-more">
          <Trans>More</Trans>
        </Link>
      </h2>
      <p className="card__freshness" data-testid="home-section-freshness">
        {refreshCopy(section.refreshHours, section.refreshClock)}
      </p>
      <p className="home-section__time" data-testid="home-section-time">
        {time && <Trans>Data as of {time}</Trans>}
      </p>
      {/* Always there (empty while loading), so the rows below never move when it fills. */}
      <p className="home-section__age" data-testid="home-section-age">
        {data && <DataFreshness updatedAt={data.updatedAt} saved={savedCopyOf(data)} />}
      </p>
      <div className="home-section__rows" style={{ minHeight: HOME_ROWS * ENTITY_ROW_HEIGHT }}>
        {data?.list.slice(0, Math.min(rows, HOME_ROWS)).map((row, index) => (
          <EntityRow key={row.id} entity={entity} item={row} figures={figures} eager={eager && index < 2} />
        ))}
        {data && data.list.length === 0 && (
          <p className="card__note">
            <Trans>No data for this market yet.</Trans>
          </p>
        )}
        {!data && failed && (
          <div className="home-section__failed">
            <p className="card__note">
              <Trans>This list could not be loaded.</Trans>
            </p>
            <button type="button" className="button" data-testid="home-section-retry" onClick={onRetry}>
              <Trans>Retry</Trans>
            </button>
          </div>
        )}
        {!data &&
          !failed &&
          Array.from({ length: HOME_ROWS }, (_, index) => (
            <div key={index} className="skeleton-row" style={{ height: ENTITY_ROW_HEIGHT }} />
          ))}
      </div>
    </section>
  );
});
