// Favourites store: which goods, influencers and videos the signed-in user has liked, so every
// heart (cards, detail pages, the Me list) shows the same state. Loaded once per session from
// GET /api/v1/tikmeta/portal/like; a heart changes at once and goes back if the server refuses.
// Without a network the change is kept in IndexedDB (storage/favourites-queue.ts, loaded on
// first need) and sent by syncFavourites() when the app starts or the network is back; until
// then `pending` holds it, and it wins over what the server lists.
import { proxy } from "valtio";
import { ApiError } from "../api/client";
import { NO_RESPONSE } from "../api/errors";
import {
  addFavourite,
  listFavourites,
  MAX_FAVOURITE_PAGE,
  removeFavourite,
  type FavouriteKind,
} from "../api/favourites";
import { singleFlight } from "../platform/background-sync";
import { storeSubscription, useStoreValue } from "./select";
import { userState } from "./user";

const favouritesQueue = () => import("../storage/favourites-queue");

interface FavouritesState {
  /** `${kind}:${id}` of every favourite. */
  liked: Record<string, true>;
  /** The session token the list was loaded for ("" = not loaded). */
  loadedFor: string;
  /** `${kind}:${id}` -> desired state of changes waiting for the network (this session's). */
  pending: Record<string, boolean>;
}

export const favouritesState = proxy<FavouritesState>({ liked: {}, loadedFor: "", pending: {} });

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
    const waiting = await pendingOf(token);
    if (userState.token !== token) return;
    favouritesState.liked = liked;
    favouritesState.pending = waiting;
    for (const [key, value] of [...Object.entries(waiting), ...tappedDuringLoad]) setLiked(key, value);
    favouritesState.loadedFor = token;
  })().finally(() => {
    loading = undefined;
  });
  loading = { token, done };
  return done;
}

/** The session's waiting changes as key -> desired state. */
async function pendingOf(token: string): Promise<Record<string, boolean>> {
  const { readPending } = await favouritesQueue().catch(() => ({ readPending: async () => [] }));
  const waiting: Record<string, boolean> = {};
  for (const change of await readPending())
    if (change.token === token) waiting[keyOf(change.kind, change.id)] = change.liked;
  return waiting;
}

const unreachable = (error: unknown) =>
  error instanceof ApiError && (error.code === NO_RESPONSE || error.status >= 500);

/** Keeps the change for the network's return; false when it cannot be kept. */
async function keepForLater(kind: FavouriteKind, id: string, liked: boolean): Promise<boolean> {
  const token = userState.token;
  try {
    const queue = await favouritesQueue();
    await queue.putPending({ kind, id, liked, at: Date.now(), token });
  } catch {
    return false;
  }
  favouritesState.pending[keyOf(kind, id)] = liked;
  if (navigator.onLine !== false) void syncFavourites();
  return true;
}

/** Likes or unlikes; resolves to the new state (the old one when the server refused). Offline,
 *  or while an earlier change of the same item waits, the change is queued and kept. */
export async function toggleFavourite(kind: FavouriteKind, id: string): Promise<boolean> {
  const key = keyOf(kind, id);
  const wasLiked = Boolean(favouritesState.liked[key]);
  const set = (liked: boolean) => {
    setLiked(key, liked);
    if (loading) tappedDuringLoad.set(key, liked);
  };
  set(!wasLiked);
  // Queued behind a waiting change of the same item, so the two reach the server in order.
  if (navigator.onLine === false || key in favouritesState.pending) {
    if (await keepForLater(kind, id, !wasLiked)) return !wasLiked;
    set(wasLiked);
    return wasLiked;
  }
  try {
    await (wasLiked ? removeFavourite(kind, id) : addFavourite(kind, id));
    return !wasLiked;
  } catch (error) {
    // No answer at all: the network dropped; a server's refusal (even a 5xx) goes back.
    if (error instanceof ApiError && error.code === NO_RESPONSE && (await keepForLater(kind, id, !wasLiked)))
      return !wasLiked;
    set(wasLiked);
    return wasLiked;
  }
}

/** Sends the session's queued changes (app start, back online, after queuing while online);
 *  a call during a sync runs it once more afterwards. */
export const syncFavourites = singleFlight(() => syncOnce().catch(() => undefined));

async function syncOnce(): Promise<void> {
  const token = userState.token;
  if (!token) return;
  const { replayPending } = await favouritesQueue();
  const result = await replayPending(token, async (change) => {
    try {
      await (change.liked ? addFavourite(change.kind, change.id, true) : removeFavourite(change.kind, change.id, true));
      return "sent";
    } catch (error) {
      return unreachable(error) ? "unreachable" : "refused";
    }
  });
  if (userState.token !== token) return;
  const waiting = await pendingOf(token);
  // A refused change goes back to what the server has, unless a newer tap waits.
  for (const change of result.refused)
    if (!(keyOf(change.kind, change.id) in waiting)) setLiked(keyOf(change.kind, change.id), !change.liked);
  // Still waiting (offline at start, say): the hearts show it all the same.
  for (const [key, liked] of Object.entries(waiting)) setLiked(key, liked);
  favouritesState.pending = waiting;
}

/** Items a favourites listing just returned are liked (the Me list, before the store loads). */
export function noteFavourites(items: readonly { type: FavouriteKind; id: string }[]): void {
  for (const item of items) {
    const key = keyOf(item.type, item.id);
    if (
      !tappedDuringLoad.has(key) &&
      !(key in favouritesState.pending) &&
      favouritesState.loadedFor !== userState.token
    )
      setLiked(key, true);
  }
}

export function clearFavourites(): void {
  favouritesState.liked = {};
  favouritesState.loadedFor = "";
  favouritesState.pending = {};
}

const favouriteChanges = storeSubscription(favouritesState, userState);

/** Liked by the signed-in user (never for a visitor, whatever an earlier session left). */
export function useIsFavourite(kind: FavouriteKind, id: string): boolean {
  return useStoreValue(
    favouriteChanges,
    () => Boolean(userState.token) && Boolean(favouritesState.liked[keyOf(kind, id)]),
  );
}
