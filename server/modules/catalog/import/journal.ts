// The import journal (import_runs, import_batches): which run an import belongs to, the hash of
// every batch it committed, and how far its merge of staged days got. An import that stopped
// midway stays `running`; the next import resumes it, skipping each batch whose chained hash
// (its lines and every line before) equals the one committed, so only the same lines are
// skipped. From the first batch that differs on, the run forgets what it committed after that
// point (journal rows and staged days; rows already upserted stay, they are stored data) and
// writes again.
import { createHash } from "node:crypto";
import { and, desc, eq, gte, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { importBatches, importDays, importKeys, importRuns } from "../../../db/schema";
import { addDays, businessDate, type EntityKind, type LineResult } from "../engine";
import type { Queryable } from "../store/meta";

/** Where the merge of staged days stopped: the last key merged, in (kind, id, day, batch) order. */
export interface MergeCursor {
  kind: EntityKind;
  id: string;
  day: string;
  batch: number;
}

export interface ImportRun {
  id: number;
  /** The business day before the run's first start (a resumed run keeps it). */
  yesterday: string;
  /** Chained hash of each batch the run committed, by batch number (from 1). */
  committed: Map<number, string>;
  cursor: MergeCursor | null;
  resumed: boolean;
}

/** The unfinished run to resume, or a new one. */
export async function openRun(db: Db, now: Date): Promise<ImportRun> {
  const [running] = await db
    .select()
    .from(importRuns)
    .where(eq(importRuns.status, "running"))
    .orderBy(desc(importRuns.id))
    .limit(1);
  if (running) {
    const batches = await db
      .select({ batch: importBatches.batch, hash: importBatches.hash })
      .from(importBatches)
      .where(eq(importBatches.runId, running.id));
    const { mergedKind, mergedId, mergedDate, mergedBatch } = running;
    return {
      id: running.id,
      yesterday: running.yesterday,
      committed: new Map(batches.map((b) => [b.batch, b.hash])),
      cursor:
        mergedKind && mergedId !== null && mergedDate && mergedBatch !== null
          ? { kind: mergedKind as EntityKind, id: mergedId, day: mergedDate, batch: mergedBatch }
          : null,
      resumed: true,
    };
  }
  const [created] = await db
    .insert(importRuns)
    .values({ status: "running", yesterday: addDays(businessDate(now), -1) })
    .returning({ id: importRuns.id, yesterday: importRuns.yesterday });
  return { ...created, committed: new Map(), cursor: null, resumed: false };
}

/** The hash of a batch chained to the one before it (`previous`, "" for the first). */
export function chainHash(previous: string, lines: readonly LineResult[]): string {
  const hash = createHash("sha256").update(previous);
  for (const line of lines) hash.update(`${JSON.stringify(line)}\n`);
  return hash.digest("hex");
}

/**
 * Forgets batches `from` on (they differ from the lines now imported) and restarts the merge;
 * from the first batch on it is another file's run, which starts over with today's yesterday.
 */
export async function forgetFrom(db: Db, run: ImportRun, from: number, now: Date): Promise<void> {
  if (from === 1) {
    run.yesterday = addDays(businessDate(now), -1);
    run.resumed = false;
  }
  await db.transaction(async (tx) => {
    await tx.delete(importBatches).where(and(eq(importBatches.runId, run.id), gte(importBatches.batch, from)));
    await tx.delete(importDays).where(and(eq(importDays.runId, run.id), gte(importDays.batch, from)));
    await saveCursor(tx, run.id, null);
    if (from === 1) await tx.update(importRuns).set({ yesterday: run.yesterday }).where(eq(importRuns.id, run.id));
  });
  for (const batch of [...run.committed.keys()]) if (batch >= from) run.committed.delete(batch);
  run.cursor = null;
}

/** Journals a committed batch (in the batch's own transaction). */
export async function journalBatch(tx: Queryable, runId: number, batch: number, hash: string): Promise<void> {
  await tx.insert(importBatches).values({ runId, batch, hash });
}

export async function saveCursor(tx: Queryable, runId: number, cursor: MergeCursor | null): Promise<void> {
  await tx
    .update(importRuns)
    .set({
      mergedKind: cursor?.kind ?? null,
      mergedId: cursor?.id ?? null,
      mergedDate: cursor?.day ?? null,
      mergedBatch: cursor?.batch ?? null,
    })
    .where(eq(importRuns.id, runId));
}

/**
 * Marks the run done and drops what it staged (in the import's last transaction): the staging
 * tables truncated when no other run is unfinished (deleting a million staged rows one by one
 * takes seconds), else the run's rows deleted.
 */
export async function finishRun(tx: Queryable, runId: number): Promise<void> {
  const [other] = await tx
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(and(eq(importRuns.status, "running"), ne(importRuns.id, runId)))
    .limit(1);
  if (other) {
    await tx.delete(importDays).where(eq(importDays.runId, runId));
    await tx.delete(importKeys).where(eq(importKeys.runId, runId));
    await tx.delete(importBatches).where(eq(importBatches.runId, runId));
  } else await tx.execute(sql`TRUNCATE import_days, import_keys, import_batches`);
  await tx.update(importRuns).set({ status: "done", finishedAt: new Date() }).where(eq(importRuns.id, runId));
}
