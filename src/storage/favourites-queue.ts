// Favourites changed without a network: the heart's desired state per item, in
// IndexedDB until the server has it. One entry per kind+id (a later tap replaces an earlier one:
// last write wins, never two requests for the same item), with the session token it was made
// under, so it is only ever sent for that session.
import { keyvalTable } from "./keyval-table";

export { FAVOURITES_DB_NAME, FAVOURITES_STORE_NAME } from "../../contract/indexed-db";
import { FAVOURITES_DB_NAME, FAVOURITES_STORE_NAME } from "../../contract/indexed-db";
import type { FavouriteKind } from "../../contract/favourites";

export type PendingKind = FavouriteKind;

export interface PendingFavourite {
  kind: PendingKind;
  id: string;
  liked: boolean;
  /** When it was tapped (ms since the epoch); a newer tap replaces it. */
  at: number;
  token: string;
}

export const pendingKey = (kind: PendingKind, id: string): string => `${kind}:${id}`;

const isPending = (value: unknown): value is PendingFavourite => {
  const entry = value as PendingFavourite;
  return (
    typeof entry?.id === "string" &&
    typeof entry.liked === "boolean" &&
    typeof entry.at === "number" &&
    typeof entry.token === "string"
  );
};

const table = keyvalTable(FAVOURITES_DB_NAME, FAVOURITES_STORE_NAME, isPending);

/** Forgets the store so the next call opens a new one (tests swap IndexedDB between runs). */
export function resetFavouritesQueueStore(): void {
  table.reset();
}

/** Records the desired state, replacing any earlier one for the same item. */
export function putPending(change: PendingFavourite): Promise<void> {
  return table.put(pendingKey(change.kind, change.id), { ...change });
}

/** Waiting changes, oldest first. */
export async function readPending(): Promise<PendingFavourite[]> {
  return (await table.values()).sort((a, b) => a.at - b.at);
}

/** Removes the entry if it is still `change` (a newer tap made meanwhile stays). */
export async function settlePending(change: PendingFavourite): Promise<void> {
  const key = pendingKey(change.kind, change.id);
  if ((await table.get(key))?.at === change.at) await table.remove([key]);
}

export type SendOutcome = "sent" | "refused" | "unreachable";

/**
 * Sends the session's waiting changes oldest first through `send`. A sent or refused change
 * leaves the queue (a refusal will not change on retry); at the first unreachable one the rest
 * waits. Entries of other sessions are dropped: that session has ended (sign-out or another
 * account), and its token must not act for the current one.
 */
export async function replayPending(
  token: string,
  send: (change: PendingFavourite) => Promise<SendOutcome>,
): Promise<{ sent: PendingFavourite[]; refused: PendingFavourite[]; waiting: number }> {
  const result = { sent: [] as PendingFavourite[], refused: [] as PendingFavourite[], waiting: 0 };
  if (!token) return result;
  const list = await readPending();
  for (let index = 0; index < list.length; index++) {
    const change = list[index];
    if (change.token !== token) {
      await settlePending(change);
      continue;
    }
    const outcome = await send(change);
    if (outcome === "unreachable") {
      result.waiting = list.slice(index).filter((item) => item.token === token).length;
      break;
    }
    await settlePending(change);
    result[outcome].push(change);
  }
  return result;
}
