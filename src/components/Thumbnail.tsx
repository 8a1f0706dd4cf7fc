// Images of goods, videos, music and people: the WebP thumbnail the local images
// route makes (360 px wide for content, 64 px for avatars, quality 75) inside a box of fixed
// size, so nothing moves when it arrives; a grey box stays when an image fails (for that URL
// only: a virtual list reuses its rows for other items).
import { useState } from "react";
import "./data.css";

export type ThumbnailKind = "content" | "avatar";

/** Default thumbnail widths. */
export const THUMBNAIL_WIDTH: Record<ThumbnailKind, number> = { content: 360, avatar: 64 };

/** The thumbnail URL of an image path of the API (`/api/v1/images/{kind}/{id}.webp`). */
export function thumbnailUrl(src: string, kind: ThumbnailKind): string {
  if (!src) return "";
  return `${src}${src.includes("?") ? "&" : "?"}w=${THUMBNAIL_WIDTH[kind]}`;
}

export interface ThumbnailProps {
  src: string | null | undefined;
  kind: ThumbnailKind;
  /** Box edge in CSS pixels (square unless `height` is given). */
  size: number;
  height?: number;
  alt?: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
}

export function Thumbnail({ src, kind, size, height = size, alt = "", eager = false }: ThumbnailProps) {
  const url = src ? thumbnailUrl(src, kind) : "";
  const [failedUrl, setFailedUrl] = useState("");
  return (
    <span className={`thumb thumb--${kind}`} style={{ width: size, height }} data-testid="thumbnail">
      {url && url !== failedUrl && (
        // loading and decoding come before src: the browser reads them when src is set. Keyed by
        // URL: a recycled list row gets a new image element instead of showing the old picture.
        <img
          key={url}
          className="thumb__img"
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          alt={alt}
          width={size}
          height={height}
          src={url}
          onError={() => setFailedUrl(url)}
        />
      )}
    </span>
  );
}
