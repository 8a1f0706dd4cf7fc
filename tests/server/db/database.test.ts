// The database layer on both engines: PGlite persisted in DATA_DIR survives a close and
// reopen; PostgreSQL (when TEST_DATABASE_URL is set) migrates idempotently and runs the same
// services. Each PostgreSQL run uses a throwaway database, so runs never see each other's rows.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/db/client";
import { createSession, resolveSession } from "../../../server/modules/accounts/services/sessions";
import { createUser, findUserById } from "../../../server/modules/accounts/services/users";
import {
  appliedMigrationCount,
  createThrowawayPostgres,
  migrationFileCount,
  type ThrowawayPostgres,
} from "../helpers/app";

describe("PGlite in DATA_DIR", () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "shopradar-pglite-"));
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps users and sessions across close and reopen", async () => {
    const first = await openDatabase({ dataDir, databaseUrl: null });
    expect(first.kind).toBe("pglite");
    const user = await createUser(first.db, { email: "persist@example.com", nickName: "Persist" });
    const { token } = await createSession(first.db, user.id);
    await first.close();

    const second = await openDatabase({ dataDir, databaseUrl: null });
    try {
      expect((await findUserById(second.db, user.id))?.email).toBe("persist@example.com");
      expect((await resolveSession(second.db, token))?.id).toBe(user.id);
    } finally {
      await second.close();
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("PostgreSQL (TEST_DATABASE_URL)", () => {
  let throwaway: ThrowawayPostgres;
  let url: string;

  beforeAll(async () => {
    throwaway = await createThrowawayPostgres(adminUrl!);
    url = throwaway.url;
  });

  afterAll(async () => {
    await throwaway?.drop();
  });

  it("migrates, creates a user and a session, and resolves it", async () => {
    const database = await openDatabase({ dataDir: "unused", databaseUrl: url });
    try {
      expect(database.kind).toBe("postgres");
      await database.ping();
      const user = await createUser(database.db, { email: "pg@example.com", systemId: 13, language: "zh" });
      const { token } = await createSession(database.db, user.id);
      const resolved = await resolveSession(database.db, token);
      expect(resolved).toMatchObject({ id: user.id, email: "pg@example.com", systemId: 13 });
    } finally {
      await database.close();
    }
  });

  it("re-runs migrations without effect, also from several instances at once", async () => {
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ dataDir: "unused", databaseUrl: url })));
    try {
      expect(await appliedMigrationCount(instances[0])).toBe(migrationFileCount());
      const user = await createUser(instances[1].db, { email: "shared@example.com" });
      expect((await findUserById(instances[2].db, user.id))?.email).toBe("shared@example.com");
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it("fails ping once closed", async () => {
    const database = await openDatabase({ dataDir: "unused", databaseUrl: url });
    await database.close();
    await expect(database.ping()).rejects.toThrow();
  });
});
