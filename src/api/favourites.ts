// Favourites API group (PUT and DELETE /api/v1/tikmeta/portal/like; GET the same
// path lists them, newest first). Signed-in users only (visitors get 401). The kinds (goods,
// influencer, video, music, hashtag) come from contract/favourites.ts, shared with the server.
import { api } from "./client";
import type { GoodsCard, HashtagCard, InfluencerCard, MusicCard, VideoCard } from "./entities";
import type { FavouriteKind } from "../../contract/favourites";

export { ENTITY_OF_FAVOURITE, FAVOURITE_KIND_OF, type FavouriteKind } from "../../contract/favourites";

export interface FavouriteItem {
  type: FavouriteKind;
  id: string;
  createdAt: string;
  /** False when the item left the dataset. */
  available: boolean;
  goods?: GoodsCard;
  influencer?: InfluencerCard;
  video?: VideoCard;
  music?: MusicCard;
  hashtag?: HashtagCard;
}

export interface FavouritePage {
  list: FavouriteItem[];
  total: number;
  page: number;
  size: number;
}

/** `silent`: a failure shows nothing (the offline queue's replays). */
export const addFavourite = (type: FavouriteKind, id: string, silent = false): Promise<unknown> =>
  api("/api/v1/tikmeta/portal/like", { method: "PUT", body: { type, id }, silent });
export const removeFavourite = (type: FavouriteKind, id: string, silent = false): Promise<unknown> =>
  api("/api/v1/tikmeta/portal/like", { method: "DELETE", body: { type, id }, silent });

export const listFavourites = (query: { type?: FavouriteKind; page: number; size: number }): Promise<FavouritePage> =>
  api<FavouritePage>("/api/v1/tikmeta/portal/like", { query: { ...query } });

/** Largest page the API gives. */
export const MAX_FAVOURITE_PAGE = 100;
