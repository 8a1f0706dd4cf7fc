// The database layer on both engines: PGlite persisted in DATA_DIR survives a close and
// reopen; PostgreSQL (when TEST_DATABASE_URL is set) migrates idempotently and runs the same
// services. Each PostgreSQL run uses a throwaway database, so runs never see each other's rows.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, PGLITE_EXTENSIONS } from "../../../server/db/client";
import { createCluster, initializeCluster } from "../../../server/db/pglite-cluster";
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

  it("starts a new DATA_DIR from a copy of the build's clean cluster when there is one", async () => {
    const template = path.join(dataDir, "template");
    await initializeCluster(template);
    writeFileSync(path.join(template, "from-template"), "");
    const before = readdirSync(template, { recursive: true }).length;
    const copyDir = path.join(dataDir, "copy");
    await createCluster(path.join(copyDir, "pglite"), template);
    expect(existsSync(path.join(copyDir, "pglite", "from-template"))).toBe(true);

    const database = await openDatabase({ dataDir: copyDir, databaseUrl: null });
    try {
      const user = await createUser(database.db, { email: "copy@example.com", nickName: "Copy" });
      expect((await findUserById(database.db, user.id))?.email).toBe("copy@example.com");
    } finally {
      await database.close();
    }
    // The template itself was neither migrated nor written to.
    expect(readdirSync(template, { recursive: true }).length).toBe(before);
  });

  it("builds the server with a cluster template that has every migration applied, so a first start migrates nothing", async () => {
    // Inside the repository's node_modules, so that the build's imports of packages resolve.
    const caches = fileURLToPath(new URL("../../../node_modules/.cache", import.meta.url));
    mkdirSync(caches, { recursive: true });
    const out = mkdtempSync(path.join(caches, "shopradar-server-build-"));
    const copy = path.join(dataDir, "from-build");
    try {
      execFileSync(
        process.execPath,
        [fileURLToPath(new URL("../../../scripts/build-server.mjs", import.meta.url)), out],
        {
          stdio: "pipe",
        },
      );
      await createCluster(copy, path.join(out, "pglite-cluster"));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    // Opened as it is, without the migrator.
    const client = await PGlite.create(copy, { extensions: PGLITE_EXTENSIONS });
    try {
      const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
      expect(rows[0].n).toBe(migrationFileCount());
    } finally {
      await client.close();
    }
  }, 120_000);
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

  it("opens at most DB_POOL_SIZE connections; queries beyond them wait for one", async () => {
    const database = await openDatabase({ dataDir: "unused", databaseUrl: url, dbPoolSize: 2 });
    try {
      // Two transactions hold both connections until released.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const begun: Promise<void>[] = [];
      const holders = [1, 2].map(() => {
        let begin!: () => void;
        begun.push(new Promise<void>((resolve) => (begin = resolve)));
        return database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          begin();
          await released;
        });
      });
      await Promise.all(begun);
      let answered = false;
      const third = database.db.execute(sql`SELECT 1`).then(() => (answered = true));
      await vi.waitFor(() => expect(database.poolStats()).toMatchObject({ total: 2, idle: 0, waiting: 1, max: 2 }));
      expect(answered).toBe(false);
      release();
      await Promise.all([...holders, third]);
      expect(answered).toBe(true);
      expect(database.poolStats()).toMatchObject({ total: 2, waiting: 0 });
    } finally {
      await database.close();
    }
  });

  it("fails ping once closed", async () => {
    const database = await openDatabase({ dataDir: "unused", databaseUrl: url });
    await database.close();
    await expect(database.ping()).rejects.toThrow();
  });
});
