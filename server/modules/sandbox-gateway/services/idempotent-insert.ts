// The sandbox gateway's idempotent creates (customers, setups, payments): a row is inserted once
// per idempotency key (the column's unique index), a retry answers the row the first call made,
// and the same key sent with another request (a bound field differs) is IdempotencyKeyReused,
// as PSPs refuse it. Inside a transaction, a concurrent first call is waited for by the index.
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { IdempotencyKeyReused } from "./errors";

type KeyedTable = PgTable & { idempotencyKey: PgColumn };

/**
 * Inserts `values` unless a row has its idempotency key; answers the row and whether this call
 * inserted it. `bound`: the fields that must equal the first call's (null and undefined alike).
 */
export async function insertOnce<T extends KeyedTable>(
  db: Db,
  table: T,
  what: string,
  values: T["$inferInsert"] & { idempotencyKey: string },
  bound: ReadonlyArray<keyof T["$inferSelect"] & keyof T["$inferInsert"]>,
): Promise<{ row: T["$inferSelect"]; created: boolean }> {
  const inserted = (await db
    .insert(table)
    .values(values)
    .onConflictDoNothing({ target: table.idempotencyKey })
    .returning()) as Array<T["$inferSelect"]>;
  if (inserted[0]) return { row: inserted[0], created: true };
  const source: PgTable = table; // (drizzle's select typing cannot follow the generic T)
  const found = await db.select().from(source).where(eq(table.idempotencyKey, values.idempotencyKey));
  const existing = found[0] as T["$inferSelect"] | undefined;
  if (!existing) throw new Error(`sandbox ${what} vanished after an idempotency conflict`);
  if (bound.some((field) => (existing[field] ?? null) !== (values[field] ?? null)))
    throw new IdempotencyKeyReused(`idempotency key reused for another ${what}`);
  return { row: existing, created: false };
}
