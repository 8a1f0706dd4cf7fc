// One item of a list (home sections, rank lists, search results, favourites): rank and rank
// change, thumbnail, name, a subtitle and the list's figures; every row links to its detail
// page; goods, influencers and videos carry the favourite heart; goods and influencers also "Compare"
// (the compare tray), stacked under the heart. Every row has the same height (ENTITY_ROW_HEIGHT), so lists can
// be virtualised and nothing shifts while images load. Test id `entity-row` with
// `data-entity` and `data-id`.
import { memo, type ReactNode } from "react";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { CardOf, EntityKind } from "../api/entities";
import { CompareButton } from "../features/compare/CompareButton";
import { COMPARE_KINDS, type CompareKind } from "../features/compare/compare-kinds";
import { detailHref, hasDetailPage } from "../routing/detail-links";
import { formatCount, formatDuration, formatMoney } from "../lib/format";
import type { Locale } from "../i18n/locales";
import { useLocale } from "../state/system";
import { FavouriteButton } from "./FavouriteButton";
import { marketName } from "./MarketSelect";
import { figureLabel, figureText, type Figure } from "./figures";
import { RankChange } from "./RankChange";
import { Thumbnail } from "./Thumbnail";
import "./data.css";

/** Height of every row in CSS pixels (the virtual list relies on it). */
export const ENTITY_ROW_HEIGHT = 84;

type AnyCard = CardOf[EntityKind];

const NO_FIGURES: readonly Figure[] = [];

interface Presented {
  image: string | null;
  avatar: boolean;
  title: string;
  subtitle: string;
}

function present(entity: EntityKind, item: AnyCard, locale: Locale, i18n: I18n): Presented {
  switch (entity) {
    case "goods": {
      const goods = item as CardOf["goods"];
      return {
        image: goods.coverLargePrivatization,
        avatar: false,
        title: goods.title,
        subtitle: `${formatMoney(goods.price, goods.currency, locale)} · ${goods.shopName}`,
      };
    }
    case "influencers": {
      const person = item as CardOf["influencers"];
      return {
        image: person.avatarLargerPrivatization,
        avatar: true,
        title: person.nickname,
        subtitle: `@${person.handle} · ${formatCount(person.followers, locale)}`,
      };
    }
    case "videos": {
      const video = item as CardOf["videos"];
      return {
        image: video.coverLargePrivatization,
        avatar: false,
        title: video.title,
        subtitle: `@${video.authorHandle} · ${formatDuration(video.durationSeconds)}`,
      };
    }
    case "music": {
      const music = item as CardOf["music"];
      return {
        image: music.coverLargePrivatization,
        avatar: false,
        title: music.title,
        subtitle: `${music.author} · ${formatDuration(music.durationSeconds)}`,
      };
    }
    case "hashtags": {
      const tag = item as CardOf["hashtags"];
      return { image: null, avatar: false, title: `#${tag.name}`, subtitle: marketName(tag.market, i18n) };
    }
  }
}

export interface EntityRowProps {
  entity: EntityKind;
  item: AnyCard & { rank?: number; rankChange?: number | null };
  figures?: readonly Figure[];
  /** Beside the row; goods, influencers and videos get the favourite heart by default. */
  trailing?: ReactNode;
  /** Above the fold: load the image at once. */
  eager?: boolean;
}

const isCompareKind = (entity: EntityKind): entity is CompareKind =>
  (COMPARE_KINDS as readonly string[]).includes(entity);

/** The default trailing actions: the heart of items with a detail page, and Compare of goods and influencers. */
function RowActions({ entity, id }: { entity: EntityKind; id: string }) {
  if (!hasDetailPage(entity)) return null;
  if (!isCompareKind(entity)) return <FavouriteButton entity={entity} id={id} />;
  return (
    <span className="entity-row__actions">
      <FavouriteButton entity={entity} id={id} />
      <CompareButton kind={entity} id={id} compact />
    </span>
  );
}

/** Memoised: a virtual list re-renders its rows whenever the visible range moves. */
export const EntityRow = memo(function EntityRow({
  entity,
  item,
  figures = NO_FIGURES,
  trailing,
  eager,
}: EntityRowProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const shown = present(entity, item, locale, i18n);
  const currency = "currency" in item ? item.currency : item.market;
  const body = (
    <>
      {item.rank !== undefined && (
        <span className="entity-row__rank">
          <span className="entity-row__rank-number">{item.rank}</span>
          {item.rankChange !== undefined && <RankChange change={item.rankChange} />}
        </span>
      )}
      {shown.image !== null ? (
        <Thumbnail src={shown.image} kind={shown.avatar ? "avatar" : "content"} size={56} eager={eager} />
      ) : (
        <span className="entity-row__badge" aria-hidden="true">
          #
        </span>
      )}
      <span className="entity-row__text">
        <span className="entity-row__title" data-testid="entity-row-title">
          {shown.title}
        </span>
        <span className="entity-row__subtitle">{shown.subtitle}</span>
        {figures.length > 0 && (
          <span className="entity-row__figures">
            {figures.map((figure) => (
              <span key={figure.key} className="entity-row__figure">
                {figureLabel(figure, i18n)}{" "}
                <b>
                  {figureText(figure.kind, (item as unknown as Record<string, unknown>)[figure.key], currency, locale)}
                </b>
              </span>
            ))}
          </span>
        )}
      </span>
    </>
  );
  return (
    <div
      className="entity-row"
      style={{ height: ENTITY_ROW_HEIGHT }}
      data-testid="entity-row"
      data-entity={entity}
      data-id={item.id}
    >
      <Link href={detailHref(entity, item.id)} className="entity-row__main">
        {body}
      </Link>
      {trailing !== undefined ? trailing : <RowActions entity={entity} id={item.id} />}
    </div>
  );
});
