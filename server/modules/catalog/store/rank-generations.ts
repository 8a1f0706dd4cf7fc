// Generations of the rank tables: a refresh fills a new generation of every list beside the one
// readers are reading (store/rank-tables.ts: its lists in rank_lists, its rows in its own
// partition of rank_rows), publishes it with the snapshot version it is numbered by (a generation
// is the version it was published with: readers at version v read generation v; at a version a
// seed or an import made, whose lists are not filled yet, or one a slot's refresh published over
// unchanged data without a fill (versionLists), the newest generation before it:
// servedGeneration), then drops the generations no reader needs any more, one short transaction
// each: its lists deleted, its partition dropped (no row by row delete, nothing left for VACUUM).
// Readers are never blocked beyond such a drop. On PostgreSQL the fill and the version bump are
// one repeatable-read transaction on its own connection under the refresh's advisory lock, so the
// new generation becomes visible with the version, from one consistent view of the data; with
// RANK_FILL_CONNECTIONS above 1 more connections share the fill from that transaction's snapshot,
// committing their parts unpublished (fillOnConnections), and the bump publishes them all. On
// PGlite (one connection, in the server's thread) the fill runs as separate statements with other
// queries in between, and a last short transaction bumps the version unless the data changed
// meanwhile (then the generation is dropped and the next slot refreshes); PGlite has no
// autovacuum, so the cleanup vacuums rank_lists itself. The refresh job (jobs/refresh.ts)
// publishes them; the rank lists are read from them (services/rank-lists.ts).
import { sql } from "drizzle-orm";
import type { Database, Db } from "../../../db/client";
import { allowLongStatements } from "../../../db/long-work";
import { DEFAULT_RANK_TYPE, MARKET_CODES, MAX_RANK_LIMIT } from "../engine";
import { REFRESH_LOCK_ID, tryLockForTransaction } from "./locks";
import { bumpVersion, calendarOf, nextVersion, readMeta, slotDone, type DatasetMeta, type Queryable } from "./meta";
import {
  addGenerationPartition,
  fillRankGeneration,
  fillRankUnits,
  longerStatement,
  rankListKey,
  rankRowsPartition,
  type FilledPart,
  type FilledRankTables,
  type FillOptions,
} from "./rank-tables";
import { FillQueue } from "./fill-queue";

/**
 * How long dropping a generation's partition waits for readers of rank_rows (the drop locks it
 * out of their way for its short transaction): past it the generation is left for the next
 * cleanup rather than stalling the readers queued behind the drop.
 */
const DROP_LOCK_TIMEOUT = "1s";

/** The generations of rank_rows' partitions (named by rankRowsPartition), ascending. */
export async function rankRowsPartitions(q: Queryable): Promise<number[]> {
  const result = await q.execute(
    sql`SELECT substr(c.relname, length('rank_rows_') + 1)::integer AS generation FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'rank_rows'::regclass AND c.relname ~ '^rank_rows_[0-9]+$'
      ORDER BY 1`,
  );
  return (result as { rows: { generation: number }[] }).rows.map((row) => row.generation);
}

/**
 * The generation numbers stored in the rank tables, ascending: those of the lists and those of
 * rank_rows' partitions (a fill cut short may have added its partition before any list).
 */
export async function rankGenerations(q: Queryable): Promise<number[]> {
  const lists = await q.execute(
    sql`SELECT DISTINCT split_part(list_key, '/', 1)::integer AS generation FROM rank_lists WHERE list_key ~ '^[0-9]+/'`,
  );
  const generations = new Set((lists as { rows: { generation: number }[] }).rows.map((row) => row.generation));
  for (const generation of await rankRowsPartitions(q)) generations.add(generation);
  return [...generations].sort((a, b) => a - b);
}

/** The list key every generation holds (a market-wide list is written even when empty), after its generation. */
const PROBE_LIST = rankListKey(0, {
  entity: "goods",
  rankType: DEFAULT_RANK_TYPE.goods,
  window: "24h",
  market: MARKET_CODES[0],
  categoryId: null,
}).slice(1);

/**
 * The generation that serves snapshot version `version`: its own when published, else the newest
 * published before it (a seed or an import moved the version and its lists are being filled);
 * null when none is. Published means a refresh's snapshot row has its number: the lists of a fill
 * under way on PGlite, or of one a crash cut short, are not (and a seed or an import after such a
 * crash may take that number as its own version). One read of the probe list's keys (one per
 * stored generation) joined with the snapshot log.
 */
export async function servedGeneration(q: Queryable, version: number): Promise<number | null> {
  const result = await q.execute(
    sql`SELECT max(s.version) AS generation
      FROM rank_lists l JOIN rank_snapshots s ON s.version = split_part(l.list_key, '/', 1)::integer
      WHERE l.list_key LIKE ${`%${PROBE_LIST}`} AND l.list_key ~ '^[0-9]+/'
        AND s.reason = 'refresh' AND s.version <= ${version}`,
  );
  const [row] = (result as { rows: { generation: number | null }[] }).rows;
  return row?.generation ?? null;
}

/**
 * The generation serving version `version` (servedGeneration) and whether its lists are that
 * version's own: published at it, or at a refresh before it with no seed or import since (a
 * refresh changes neither the data nor the calendar, and a fill over the same data and calendar
 * writes the same lists); null when no generation serves it. Not current: the version's lists are
 * still to be filled (a seed or an import since), and the generation serves them until then.
 */
export async function versionLists(
  q: Queryable,
  version: number,
): Promise<{ generation: number; current: boolean } | null> {
  const generation = await servedGeneration(q, version);
  if (generation === null) return null;
  const result = await q.execute(
    sql`SELECT NOT EXISTS (SELECT 1 FROM rank_snapshots
        WHERE reason <> 'refresh' AND version > ${generation} AND version <= ${version}) AS current`,
  );
  const [row] = (result as { rows: { current: boolean }[] }).rows;
  return { generation, current: row.current };
}

export interface DeletedGenerations {
  generations: number[];
  rows: number;
  /** The longest drop of one generation (ms): its lists deleted and its partition dropped. */
  longestMs: number;
  /** PGlite: the VACUUM that makes the deleted lists' space reusable (ms), its longest stall. */
  vacuumMs?: number;
}

/** A lock wait that reached its lock_timeout (SQLSTATE lock_not_available). */
function isLockTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause)
    if ((cause as { code?: unknown }).code === "55P03") return true;
  return false;
}

/**
 * Deletes every stored generation `unwanted` says yes to, each in one short transaction: its
 * lists deleted and its partition of rank_rows dropped (its rows counted from its lists: a list
 * holds its total's rows up to MAX_RANK_LIMIT), yielding between generations. A drop that waits
 * past DROP_LOCK_TIMEOUT for readers leaves that generation for the next cleanup.
 */
export async function deleteRankGenerations(
  db: Db,
  unwanted: (generation: number) => boolean,
): Promise<DeletedGenerations> {
  const deleted: DeletedGenerations = { generations: [], rows: 0, longestMs: 0 };
  for (const generation of (await rankGenerations(db)).filter(unwanted)) {
    const started = performance.now();
    try {
      deleted.rows += await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('lock_timeout', ${DROP_LOCK_TIMEOUT}, true)`);
        const lists = await tx.execute(
          sql`DELETE FROM rank_lists WHERE list_key LIKE ${`${generation}/%`}
            RETURNING least(total, ${MAX_RANK_LIMIT})::integer AS rows`,
        );
        await tx.execute(sql`DROP TABLE IF EXISTS ${sql.identifier(rankRowsPartition(generation))}`);
        return (lists as { rows: { rows: number }[] }).rows.reduce((sum, list) => sum + list.rows, 0);
      });
    } catch (error) {
      if (isLockTimeout(error)) continue;
      throw error;
    }
    deleted.longestMs = Math.max(deleted.longestMs, performance.now() - started);
    deleted.generations.push(generation);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return deleted;
}

export interface PublishedGeneration {
  /** The new snapshot version: the new generation's number, unless its lists were reused. */
  version: number;
  /** The version readers were at before (the generation that served it is kept for them). */
  previous: number;
  /** The generation that serves the new version: the one filled, or the one reused. */
  generation: number;
  /**
   * The fill; null when a slot's refresh found the data and calendar unchanged since the
   * generation serving the version before was published: that generation serves the new version
   * too (its lists are what a fill would write), and nothing was filled.
   */
  filled: FilledRankTables | null;
  deleted: DeletedGenerations;
}

export interface PublishOptions extends FillOptions {
  /** The cadence slot refreshed (null: a refresh outside the schedule). */
  slot: Date | null;
  /**
   * PostgreSQL: how many connections share a fill (RANK_FILL_CONNECTIONS, which defaults to 2;
   * here, when left out, 1: the fill's own transaction alone). PGlite has one.
   */
  connections?: number;
}

/** A published generation that was filled: every refresh outside the schedule (slot null) is one. */
export type FilledGeneration = PublishedGeneration & { filled: FilledRankTables };

/** PGlite databases with a fill under way (their temp tables are the one session's). */
const filling = new WeakSet<Db>();

/**
 * Fills a new generation of every list and publishes it with a new snapshot version, then
 * drops every generation below the new one but the one that served the version readers were at.
 * A cadence slot's refresh over data unchanged since the serving generation was published
 * publishes the new version without a fill, served by that generation (versionLists): a
 * refresh's cost follows the data's changes (a seed, an import), not the clock. Null when there
 * is no dataset, the slot is done, another instance holds the refresh lock (PostgreSQL), another
 * fill is under way (PGlite) or the data changed during the fill (PGlite).
 */
export function publishRankGeneration(
  database: Pick<Database, "db" | "kind">,
  options: PublishOptions & { slot: null },
): Promise<FilledGeneration | null>;
export function publishRankGeneration(
  database: Pick<Database, "db" | "kind">,
  options: PublishOptions,
): Promise<PublishedGeneration | null>;
export async function publishRankGeneration(
  database: Pick<Database, "db" | "kind">,
  options: PublishOptions,
): Promise<PublishedGeneration | null> {
  const { db } = database;
  const published =
    database.kind === "postgres" ? await fillInOneTransaction(db, options) : await fillInSteps(db, options);
  if (!published) return null;
  const { previous, generation } = published;
  // Statistics for the tables a fill just grew by a generation (rank_rows: its partitions and
  // the whole, which autovacuum never analyzes): with stale ones (PGlite never analyzes by
  // itself, PostgreSQL's autovacuum lags behind a fill) the planner misjudges the new rows (it
  // took a delete batch's keys for most of the table and scanned it all: 30x slower at scale 5).
  // Not bound by the pool's statement timeout: ANALYZE of a partitioned table analyzes every
  // partition again, and at scale 50 three generations took longer than its 30 s (the refresh
  // then failed after its publication, before deleting the generations below).
  if (published.filled !== null)
    await db.transaction(async (tx) => {
      await allowLongStatements(tx);
      await tx.execute(sql`ANALYZE rank_rows, rank_lists`);
    });
  // Instances still at the previous version read the generation that served it until they move.
  // A generation above the new one is a fill under way (another instance's shared fill, whose
  // helpers commit as they go, may have started once this one released the lock) or what a crash
  // left of one: the next shared fill deletes that (fillOnConnections), PGlite's next fill too.
  const kept = await servedGeneration(db, previous);
  const deleted = await deleteRankGenerations(db, (stored) => stored < generation && stored !== kept);
  // PGlite runs no autovacuum: without this the deleted lists' space is never reused and the
  // table grows by a generation's lists at every refresh (rows go with their partition).
  if (database.kind === "pglite" && deleted.generations.length > 0) {
    const started = performance.now();
    await db.execute(sql`VACUUM rank_lists`);
    deleted.vacuumMs = performance.now() - started;
  }
  return { ...published, deleted };
}

type PublishedVersion = Omit<PublishedGeneration, "deleted">;

/**
 * A slot's refresh when the lists of the version readers are at are its own (versionLists):
 * the new version published (the slot recorded), served by the generation that holds them;
 * undefined when they are not (a fill is needed), null when the bump is not made (`bump`: null).
 */
async function reuseCurrentLists(
  q: Queryable,
  meta: DatasetMeta,
  slot: Date | null,
  bump: () => Promise<number | null>,
): Promise<PublishedVersion | null | undefined> {
  if (!slot) return undefined;
  const lists = await versionLists(q, meta.version);
  if (!lists?.current) return undefined;
  const version = await bump();
  return version === null ? null : { version, previous: meta.version, generation: lists.generation, filled: null };
}

async function fillInOneTransaction(db: Db, options: PublishOptions): Promise<PublishedVersion | null> {
  // A fill shared by several connections commits their parts before the publication: when it
  // is not published, they are deleted.
  let shared: number | null = null;
  try {
    return await db.transaction(
      async (tx) => {
        if (!(await tryLockForTransaction(tx, REFRESH_LOCK_ID))) return null;
        const meta = await readMeta(tx);
        if (!meta || (options.slot && (await slotDone(tx, options.slot)))) return null;
        const bump = () => bumpVersion(tx, "refresh", options.slot);
        const reused = await reuseCurrentLists(tx, meta, options.slot, bump);
        if (reused !== undefined) return reused;
        await allowLongStatements(tx);
        const generation = await nextVersion(tx);
        await clearLeftovers(db, meta, generation);
        const connections = Math.max(1, Math.floor(options.connections ?? 1));
        const filled =
          connections > 1
            ? await fillOnConnections(db, tx, { meta, generation, connections, options }, () => (shared = generation))
            : await fillRankGeneration(tx, calendarOf(meta), generation, options);
        // A seed or import committed since this transaction began makes the bump fail (a
        // serialization failure or a taken version): everything here rolls back.
        const version = await bumpVersion(tx, "refresh", options.slot);
        if (version !== generation) throw new Error(`rank generation ${generation} published as version ${version}`);
        return { version, previous: meta.version, generation, filled };
      },
      { isolationLevel: "repeatable read" },
    );
  } catch (error) {
    if (shared !== null) await deleteRankGenerations(db, (stored) => stored === shared);
    // The transaction's snapshot is taken by its first statement, before the lock is granted:
    // an instance that published this slot in between is unseen, and this refresh fails on what
    // that one wrote (the bump meets its update of the meta row: a serialization failure; a fill
    // meets its generation). The slot is done, as if the lock had been refused.
    if (options.slot && (await slotDone(db, options.slot))) return null;
    throw error;
  }
}

/**
 * Before a PostgreSQL fill of `generation` (either kind): what a shared fill cut short by a crash
 * committed from that number up is deleted (its partition would make the next fill of the same
 * number fail, one connection or several), once it is checked from outside the fill's
 * transaction that no other instance published or changed the data since that transaction's
 * snapshot (which may predate a refresh that held the lock just before: its generation, taken
 * for a leftover, would be deleted).
 */
async function clearLeftovers(db: Db, meta: DatasetMeta, generation: number): Promise<void> {
  if (!unchanged(meta, await readMeta(db))) throw new StaleSnapshotError();
  await deleteRankGenerations(db, (stored) => stored >= generation);
}

/** A fill's transaction saw the data of before another instance's seed, import or refresh. */
class StaleSnapshotError extends Error {
  constructor() {
    super("the data or its version changed since this refresh's transaction began");
  }
}

/** What a PostgreSQL snapshot id looks like (pg_export_snapshot: hexadecimal parts and dashes). */
const SNAPSHOT_ID = /^[0-9A-F]+(-[0-9A-F]+)+$/i;

/**
 * A fill shared by `connections` connections (PostgreSQL): the fill's transaction `tx` and
 * connections - 1 more, each in a repeatable-read transaction of the same snapshot
 * (pg_export_snapshot, SET TRANSACTION SNAPSHOT), so that every part reads the same data. They
 * take the units (a kind's rank type over one window) one at a time from one queue, each with
 * its own temp tables (FillQueue: a connection keeps to the kinds and windows whose tables it
 * has built).
 * The generation's partition is added first, committed, so that they all write into it; the
 * helpers' parts commit when they end (unpublished, readers do not see them: servedGeneration),
 * the fill's own with the publication. `shared` is called once something is committed.
 */
async function fillOnConnections(
  db: Db,
  tx: Queryable,
  fill: { meta: DatasetMeta; generation: number; connections: number; options: FillOptions },
  shared: () => void,
): Promise<FilledRankTables> {
  const { meta, generation, connections, options } = fill;
  const started = performance.now();
  // The fill's transaction waits, idle, for the helpers that are still filling when it is done.
  await tx.execute(sql`SELECT set_config('idle_in_transaction_session_timeout', '0', true)`);
  const exported = await tx.execute(sql`SELECT pg_export_snapshot() AS id`);
  const [{ id }] = (exported as { rows: { id: string }[] }).rows;
  if (!SNAPSHOT_ID.test(id)) throw new Error(`unexpected snapshot id ${JSON.stringify(id)}`);
  shared();
  const partition = await addGenerationPartition(db, generation, options);
  const dates = calendarOf(meta);
  const queue = new FillQueue(dates);
  const part = async (fillPart: () => Promise<FilledPart>) => {
    try {
      return await fillPart();
    } catch (error) {
      queue.stop();
      throw error;
    }
  };
  const helper = () =>
    db.transaction(
      async (worker) => {
        await worker.execute(sql.raw(`SET TRANSACTION SNAPSHOT '${id}'`));
        await allowLongStatements(worker);
        return fillRankUnits(worker, dates, generation, queue, options);
      },
      { isolationLevel: "repeatable read" },
    );
  const settled = await Promise.allSettled([
    part(() => fillRankUnits(tx, dates, generation, queue, options)),
    ...Array.from({ length: connections - 1 }, () => part(helper)),
  ]);
  const failure = settled.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
  const parts = settled.map((result) => (result as PromiseFulfilledResult<FilledPart>).value);
  return {
    generation,
    lists: parts.reduce((sum, p) => sum + p.lists, 0),
    rows: parts.reduce((sum, p) => sum + p.rows, 0),
    connections: parts.filter((p) => p.units > 0).length,
    ms: performance.now() - started,
    statements: parts.reduce((sum, p) => sum + p.statements, partition.statements),
    longest: parts.reduce((longest, p) => longerStatement(longest, p.longest), partition.longest),
  };
}

async function fillInSteps(db: Db, options: PublishOptions): Promise<PublishedVersion | null> {
  if (filling.has(db)) return null;
  filling.add(db);
  try {
    const meta = await readMeta(db);
    if (!meta || (options.slot && (await slotDone(db, options.slot)))) return null;
    const reused = await reuseCurrentLists(db, meta, options.slot, () => bumpIfUnchanged(db, meta, options.slot));
    if (reused !== undefined) return reused;
    // A fill cut short (a crash) left an unpublished generation behind.
    await deleteRankGenerations(db, (generation) => generation > meta.version);
    const generation = await nextVersion(db);
    const filled = await fillRankGeneration(db, calendarOf(meta), generation, options);
    const version = await bumpIfUnchanged(db, meta, options.slot);
    if (version === generation) return { version, previous: meta.version, generation, filled };
    await deleteRankGenerations(db, (stored) => stored === generation);
    if (version === null) return null;
    throw new Error(`rank generation ${generation} published as version ${version}`);
  } finally {
    filling.delete(db);
  }
}

/** PGlite: a refresh's version bump, unless a seed, an import or a refresh happened since `meta` was read. */
function bumpIfUnchanged(db: Db, meta: DatasetMeta, slot: Date | null): Promise<number | null> {
  return db.transaction(async (tx) => (unchanged(meta, await readMeta(tx)) ? bumpVersion(tx, "refresh", slot) : null));
}

/** No seed, import or refresh happened since `before` was read. */
const unchanged = (before: DatasetMeta, now: DatasetMeta | null) =>
  now !== null && now.version === before.version && now.dataVersion === before.dataVersion;
