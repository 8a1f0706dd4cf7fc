// Deleting old rows a batch at a time, so a purge never holds thousands of row locks or one long
// transaction: each batch picks at most `size` matching rows by key and deletes them. The purge
// tasks of the modules (which rows of their tables are past keeping) are described as
// PurgeTasks; jobs/purge.ts runs them.
import { inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

export interface PurgeTask {
  /** Named in the purge's log line. */
  name: string;
  table: PgTable;
  /** A unique column of the table (its primary key). */
  key: PgColumn;
  /** Which rows are past keeping. */
  expired: SQL;
}

/** Deletes at most `size` of the task's expired rows; answers how many went. */
export async function deleteBatch(db: Pick<Db, "select" | "delete">, task: PurgeTask, size: number): Promise<number> {
  const batch = db.select({ key: task.key }).from(task.table).where(task.expired).limit(size);
  const deleted = await db.delete(task.table).where(inArray(task.key, batch)).returning({ key: task.key });
  return deleted.length;
}
