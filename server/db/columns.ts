// Column helpers every table module shares, so the same column is declared the same way (and
// drizzle-kit generates the same SQL for it) wherever it appears.
import { timestamp } from "drizzle-orm/pg-core";

/** When the row was written: set by the database on insert. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
