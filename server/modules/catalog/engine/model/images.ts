// Image fields as local paths. Images are drawn and served by the server itself
// (`/api/v1/images/{kind}/{id}.webp`, thumbnails at width 360 for content and 64 for avatars),
// never fetched from outside, so the "Privatization" (re-hosted) and original fields point to
// the same local file.

export const IMAGE_KINDS = ["goods", "shop", "influencer", "video", "video-origin", "music"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Thumbnail widths: content images and avatars. */
export const THUMBNAIL_WIDTH = { content: 360, avatar: 64 } as const;
export const THUMBNAIL_QUALITY = 75;

export function imagePath(kind: ImageKind, id: string): string {
  // join, not a template: the result is one flat string rather than a tree of concatenations
  // (four extra 32-byte nodes per path, tens of thousands of paths kept in memory).
  return ["/api/v1/images/", kind, "/", encodeURIComponent(id), ".webp"].join("");
}

export interface AvatarImages {
  avatarLarger: string;
  avatarLargerPrivatization: string;
}
export interface ContentImages {
  coverLarge: string;
  coverLargePrivatization: string;
  originCover: string;
  originCoverPrivatization: string;
}
export interface VideoImages extends ContentImages {
  authorAvatarLargerPrivatization: string;
}

export function avatarImages(kind: "shop" | "influencer", id: string): AvatarImages {
  const path = imagePath(kind, id);
  return { avatarLarger: path, avatarLargerPrivatization: path };
}

export function contentImages(kind: "goods" | "music", id: string): ContentImages {
  const path = imagePath(kind, id);
  return { coverLarge: path, coverLargePrivatization: path, originCover: path, originCoverPrivatization: path };
}

export function videoImages(id: string, influencerId: string): VideoImages {
  const cover = imagePath("video", id);
  const origin = imagePath("video-origin", id);
  return {
    coverLarge: cover,
    coverLargePrivatization: cover,
    originCover: origin,
    originCoverPrivatization: origin,
    authorAvatarLargerPrivatization: imagePath("influencer", influencerId),
  };
}
