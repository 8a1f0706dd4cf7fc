// A PGlite database stored before a given migration, for tests of that migration on existing
// data: inside a describe block, the migrations before `tag` are applied (from a copy of the
// migrations folder whose journal stops there) before the block's tests; `upgrade` then applies
// the rest, as a start of the server after the upgrade does.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, expect } from "vitest";
import { PGLITE_EXTENSIONS } from "../../../server/db/client";

const MIGRATIONS = fileURLToPath(new URL("../../../server/db/migrations", import.meta.url));

export interface DatabaseBeforeMigration {
  /** The database, at the migration before `tag` until `upgrade`. */
  readonly client: PGlite;
  /** Applies `tag` and every migration after it. */
  upgrade: () => Promise<void>;
}

export function useDatabaseBefore(tag: string): DatabaseBeforeMigration {
  let client: PGlite | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "shopradar-migrations-"));
    cpSync(MIGRATIONS, dir, { recursive: true });
    const journalFile = path.join(dir, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await migrate(drizzle({ client }), { migrationsFolder: dir });
  });
  afterAll(async () => {
    await client?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get client() {
      return client!;
    },
    upgrade: () => migrate(drizzle({ client: client! }), { migrationsFolder: MIGRATIONS }),
  };
}
