// Favourite kinds shared by the server (which stores and validates them), the app (hearts, the
// Me list, the offline queue) and the API document: the `type` of PUT/DELETE/GET
// /api/v1/tikmeta/portal/like, and which rank entity each one names. Every entity kind with a
// detail page can be a favourite.
import type { EntityKind } from "./rank";

export const FAVOURITE_KINDS = ["goods", "influencer", "video", "music", "hashtag"] as const;
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number];

/** The favourite kind of each entity (the API names most of them in the singular). */
export const FAVOURITE_KIND_OF: Readonly<Record<EntityKind, FavouriteKind>> = {
  goods: "goods",
  influencers: "influencer",
  videos: "video",
  music: "music",
  hashtags: "hashtag",
};

/** The entity a favourite kind names. */
export const ENTITY_OF_FAVOURITE: Readonly<Record<FavouriteKind, EntityKind>> = {
  goods: "goods",
  influencer: "influencers",
  video: "videos",
  music: "music",
  hashtag: "hashtags",
};
