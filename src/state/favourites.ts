// Favourites store: which goods, influencers and videos the signed-in user has liked, so every
// heart (cards, detail pages, the Me list) shows the same state. Loaded once per session from
// GET /api/v1/tikmeta/portal/like; a heart changes at once and goes back if the server refuses.
import { proxy, useSnapshot } from "valtio";
import { addFavourite, listFavourites, MAX_FAVOURITE_PAGE, removeFavourite, type FavouriteKind } from "../api/favourites";
import { userState } from "./user";

export const favouritesState = proxy({
  /** `${kind}:${id}` of every favourite. */
  liked: {} as Record<string, true>,
  /** The session token the list was loaded for ("" = not loaded). */
  loadedFor: "",
});

const keyOf = (kind: FavouriteKind, id: string) => `${kind}:${id}`;

let loading: { token: string; done: Promise<void> } | undefined;
/** Hearts tapped while the list was loading: they win over the loaded list. */
const tappedDuringLoad = new Map<string, boolean>();

function setLiked(key: string, liked: boolean): void {
  if (liked) favouritesState.liked[key] = true;
  else delete favouritesState.liked[key];
}

/** Loads the signed-in user's favourites once per session (all pages). */
export function ensureFavourites(): Promise<void> {
  const token = userState.token;
  if (!token || favouritesState.loadedFor === token) return Promise.resolve();
  if (loading?.token === token) return loading.done;
  tappedDuringLoad.clear();
  const done = (async () => {
    const liked: Record<string, true> = {};
    for (let page = 1; ; page++) {
      const result = await listFavourites({ page, size: MAX_FAVOURITE_PAGE });
      for (const item of result.list) liked[keyOf(item.type, item.id)] = true;
      if (result.list.length < MAX_FAVOURITE_PAGE || page * MAX_FAVOURITE_PAGE >= result.total) break;
    }
    if (userState.token !== token) return;
    favouritesState.liked = liked;
    for (const [key, value] of tappedDuringLoad) setLiked(key, value);
    favouritesState.loadedFor = token;
  })().finally(() => {
    loading = undefined;
  });
  loading = { token, done };
  return done;
}

/** Likes or unlikes; resolves to the new state (the old one when the server refused). */
export async function toggleFavourite(kind: FavouriteKind, id: string): Promise<boolean> {
  const key = keyOf(kind, id);
  const wasLiked = Boolean(favouritesState.liked[key]);
  const set = (liked: boolean) => {
    setLiked(key, liked);
    if (loading) tappedDuringLoad.set(key, liked);
  };
  set(!wasLiked);
  try {
    await (wasLiked ? removeFavourite(kind, id) : addFavourite(kind, id));
    return !wasLiked;
  } catch {
    set(wasLiked);
    return wasLiked;
  }
}

/** Items a favourites listing just returned are liked (the Me list, before the store loads). */
export function noteFavourites(items: readonly { type: FavouriteKind; id: string }[]): void {
  for (const item of items) {
    const key = keyOf(item.type, item.id);
    if (!tappedDuringLoad.has(key) && favouritesState.loadedFor !== userState.token) setLiked(key, true);
  }
}

export function clearFavourites(): void {
  favouritesState.liked = {};
  favouritesState.loadedFor = "";
}

/** Liked by the signed-in user (never for a visitor, whatever an earlier session left). */
export function useIsFavourite(kind: FavouriteKind, id: string): boolean {
  const { liked } = useSnapshot(favouritesState);
  const { token } = useSnapshot(userState);
  return Boolean(token) && Boolean(liked[keyOf(kind, id)]);
}
