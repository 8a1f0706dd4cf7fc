// The head of a detail page: image (or a "#" badge for hashtags), name, a subtitle, the
// actions (favourite heart, copy link) and the tools row (monitor, compare, calculator, share).
// Test id `detail-title` on the name.
import type { ReactNode } from "react";
import type { EntityKind } from "../../api/entities";
import { detailHref } from "../../routing/detail-links";
import { CopyLinkButton } from "../../components/CopyLinkButton";
import { FavouriteButton } from "../../components/FavouriteButton";
import { Thumbnail, type ThumbnailKind } from "../../components/Thumbnail";
import type { CalculatorPrefill } from "../../features/calculator/CalculatorLink";
import { DetailTools } from "./DetailTools";

export interface DetailHeroProps {
  entity: EntityKind;
  id: string;
  /** null: a "#" badge instead (hashtags have no image). */
  image: string | null;
  imageKind: ThumbnailKind;
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  /** Goods only: the figures the profit calculator opens with. */
  calculator?: CalculatorPrefill;
}

export function DetailHero({ entity, id, image, imageKind, title, subtitle, children, calculator }: DetailHeroProps) {
  const link = `${location.origin}${detailHref(entity, id)}`;
  return (
    <section className="card detail-hero">
      <div className="detail-hero__head">
        {image === null ? (
          <span className="detail-hero__badge" aria-hidden="true">
            #
          </span>
        ) : (
          <Thumbnail src={image} kind={imageKind} size={88} eager />
        )}
        <div className="detail-hero__text">
          <h2 className="detail-hero__title" data-testid="detail-title">
            {title}
          </h2>
          {subtitle && <p className="detail-hero__subtitle">{subtitle}</p>}
        </div>
      </div>
      <div className="detail-hero__actions">
        <FavouriteButton entity={entity} id={id} />
        <CopyLinkButton link={link} />
      </div>
      <DetailTools entity={entity} id={id} link={link} title={title} calculator={calculator} />
      {children}
    </section>
  );
}
