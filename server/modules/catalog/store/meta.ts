// The dataset_meta row (seed, scale, calendar, snapshot version) and the rank_snapshots log.
// Every change to the dataset (seed, import) and every scheduled refresh bumps the version in
// the same transaction as the change, so an instance that sees a newer version reloads.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { datasetMeta, rankSnapshots } from "../../../db/schema";
import { calendarEndingOn, type Calendar } from "../engine";

export type DatasetMeta = typeof datasetMeta.$inferSelect;
export type SnapshotReason = "seed" | "import" | "refresh";
/** Anything that runs queries: the database or a transaction. */
export type Queryable = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export async function readMeta(db: Queryable): Promise<DatasetMeta | null> {
  const [row] = await db.select().from(datasetMeta).where(eq(datasetMeta.id, 1));
  return row ?? null;
}

export function calendarOf(meta: Pick<DatasetMeta, "endDate" | "days">): Calendar {
  return calendarEndingOn(meta.endDate, meta.days);
}

export interface MetaFields {
  source: "demo" | "import";
  seed: string | null;
  scale: number | null;
  calendar: Calendar;
}

/** Writes the meta row after a data change and logs a new snapshot version; returns that version. */
export async function writeMeta(db: Queryable, fields: MetaFields, reason: SnapshotReason): Promise<number> {
  const version = await nextVersion(db);
  const previous = await readMeta(db);
  const row = {
    id: 1,
    source: fields.source,
    seed: fields.seed,
    scale: fields.scale,
    startDate: fields.calendar.startDate,
    endDate: fields.calendar.endDate,
    days: fields.calendar.days,
    version,
    dataVersion: (previous?.dataVersion ?? 0) + 1,
    updatedAt: new Date(),
  };
  await db.insert(datasetMeta).values(row).onConflictDoUpdate({ target: datasetMeta.id, set: row });
  await db.insert(rankSnapshots).values({ version, reason });
  return version;
}

/**
 * Bumps the version alone (a refresh); null when there is no dataset yet, or when `slot` is
 * given and some instance already refreshed for that slot.
 */
export async function bumpVersion(
  db: Queryable,
  reason: SnapshotReason,
  slot: Date | null = null,
): Promise<number | null> {
  if (slot && (await slotDone(db, slot))) return null;
  const version = await nextVersion(db);
  const updated = await db
    .update(datasetMeta)
    .set({ version, updatedAt: new Date() })
    .where(eq(datasetMeta.id, 1))
    .returning({ version: datasetMeta.version });
  if (!updated.length) return null;
  await db.insert(rankSnapshots).values({ version, reason, slot });
  return version;
}

/** Whether some instance already refreshed for this cadence slot. */
export async function slotDone(db: Queryable, slot: Date): Promise<boolean> {
  const [done] = await db
    .select({ version: rankSnapshots.version })
    .from(rankSnapshots)
    .where(eq(rankSnapshots.slot, slot));
  return done !== undefined;
}

/** The version the next seed, import or refresh will take. */
export async function nextVersion(db: Queryable): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${rankSnapshots.version})` }).from(rankSnapshots);
  return Number(row?.max ?? 0) + 1;
}

export function recentSnapshots(db: Queryable, limit: number) {
  return db.select().from(rankSnapshots).orderBy(desc(rankSnapshots.version)).limit(limit);
}
