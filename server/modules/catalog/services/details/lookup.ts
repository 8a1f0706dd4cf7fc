// Finding an entity of the current snapshot by id for detail routes: a JSON 404 naming the kind
// when it is not there, and small helpers to order related rows.
import { DomainError } from "../../../../lib/domain-error";
import type { EntityKind } from "../../engine";
import type { DataSnapshot } from "../snapshot";

const SINGULAR: Record<EntityKind, string> = {
  goods: "Goods",
  influencers: "Influencer",
  videos: "Video",
  music: "Music",
  hashtags: "Hashtag",
};

/** Row of `id` in the snapshot, or a 404. */
export function rowOf(snapshot: DataSnapshot, kind: EntityKind, id: string): number {
  const row = snapshot.rows[kind].get(id);
  if (row === undefined) throw new DomainError(404, `${SINGULAR[kind]} '${id}' not found`);
  return row;
}

/** The `count` rows with the largest key, largest first (ties by row). */
export function topRows(rows: readonly number[], key: (row: number) => number, count: number): number[] {
  return [...rows].sort((a, b) => key(b) - key(a) || a - b).slice(0, count);
}
