// The head of a detail page: image, name, a subtitle and the actions (favourite heart, copy
// link). Test id `detail-title` on the name.
import type { ReactNode } from "react";
import type { DetailEntity } from "../../api/entities";
import { detailHref } from "../../routing/detail-links";
import { CopyLinkButton } from "../../components/CopyLinkButton";
import { FavouriteButton } from "../../components/FavouriteButton";
import { Thumbnail, type ThumbnailKind } from "../../components/Thumbnail";

export interface DetailHeroProps {
  entity: DetailEntity;
  id: string;
  image: string;
  imageKind: ThumbnailKind;
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}

export function DetailHero({ entity, id, image, imageKind, title, subtitle, children }: DetailHeroProps) {
  const link = `${location.origin}${detailHref(entity, id)}`;
  return (
    <section className="card detail-hero">
      <div className="detail-hero__head">
        <Thumbnail src={image} kind={imageKind} size={88} eager />
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
      {children}
    </section>
  );
}
