// One rank refresh: every rank list computed in SQL into a new generation of the rank tables and
// published with a new snapshot version (store/rank-generations.ts), by at most one instance per
// cadence slot: on PostgreSQL under an advisory lock (pg_try_advisory_xact_lock: an instance that
// finds it taken skips, it never waits), and the slot is recorded with the version so a late
// instance sees the slot done. PGlite is one process: there a second fill never starts while one
// runs. A refresh outside the schedule (slot null) fills the lists of a version that has none
// (after a seed or an import: jobs/scheduler.ts) or runs by hand (`npm run data:refresh`).
import type { Database } from "../../../db/client";
import {
  publishRankGeneration,
  type FilledGeneration,
  type PublishedGeneration,
  type PublishOptions,
} from "../store/rank-generations";

/** How a refresh fills (the statement hooks, the connections it shares the fill to). */
export type RefreshOptions = Omit<PublishOptions, "slot">;

export type RefreshDatabase = Pick<Database, "db" | "kind">;

/**
 * The published generation, or null (another instance holds the lock, the slot is done, or no
 * dataset). Outside the schedule (slot null) always a fill; a slot's refresh over data unchanged
 * since the lists were filled publishes the new version served by the same generation.
 */
export function refreshRanks(
  database: RefreshDatabase,
  slot: null,
  options?: RefreshOptions,
): Promise<FilledGeneration | null>;
export function refreshRanks(
  database: RefreshDatabase,
  slot: Date | null,
  options?: RefreshOptions,
): Promise<PublishedGeneration | null>;
export function refreshRanks(
  database: RefreshDatabase,
  slot: Date | null,
  options: RefreshOptions = {},
): Promise<PublishedGeneration | null> {
  return publishRankGeneration(database, { ...options, slot });
}

/**
 * The closing refresh of `data:seed` and `data:import`: the new version's rank lists filled and
 * published now (servers otherwise fill them by themselves); the line the command prints.
 */
export async function recomputeAfterDataChange(
  database: RefreshDatabase,
  options: RefreshOptions = {},
): Promise<string> {
  const published = await refreshRanks(database, null, options);
  if (!published) return "rank lists not recomputed: another instance is refreshing (servers catch up by themselves)";
  const { filled, version } = published;
  return (
    `rank lists recomputed: ${filled.lists} lists (${filled.rows} rows) filled in ` +
    `${(filled.ms / 1000).toFixed(2)} s; snapshot version ${version}`
  );
}
