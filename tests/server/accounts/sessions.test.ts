// Sessions end to end on in-memory PGlite: token shape and hashing, expiry, revocation, and
// the routes that depend on them (current-user, logout, the 401 answer).
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { sessions } from "../../../server/db/schema";
import {
  createSession,
  hashToken,
  resolveSession,
  revokeOtherSessions,
  revokeSession,
} from "../../../server/modules/accounts/services/sessions";
import { createUser } from "../../../server/modules/accounts/services/users";
import { API_HEADERS, openTestApp } from "../helpers/app";

const SEVEN_DAYS_MS = 604_800_000;
let database: Database;
let app: FastifyInstance;
let userCount = 0;

function newUser() {
  userCount += 1;
  return createUser(database.db, {
    email: `Shopper${userCount}@Example.com`,
    phone: `+8490000${String(userCount).padStart(4, "0")}`,
    nickName: `Shopper ${userCount}`,
    language: "vi",
    systemId: 14,
  });
}

function currentUser(authorization?: string) {
  return app.inject({
    method: "GET",
    url: "/v1/user/accounts/current-user",
    headers: authorization ? { ...API_HEADERS, authorization } : API_HEADERS,
  });
}

beforeAll(async () => {
  ({ database, app } = await openTestApp());
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("sessions service", () => {
  it("issues a long random base64url token, stored only as its hash", async () => {
    const user = await newUser();
    const before = Date.now();
    const { token, expiresAt } = await createSession(database.db, user.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(token.length).toBeGreaterThanOrEqual(43);

    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    // Default lifetime: 7 days.
    expect(expiresAt.getTime() - before).toBeGreaterThanOrEqual(SEVEN_DAYS_MS);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(SEVEN_DAYS_MS);
    expect(rows[0].expiresAt.getTime()).toBe(expiresAt.getTime());
  });

  it("never issues the same token twice", async () => {
    const user = await newUser();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => createSession(database.db, user.id)));
    expect(new Set(tokens.map((session) => session.token)).size).toBe(20);
  });

  it("resolves a live token to its user, and unknown tokens to null", async () => {
    const user = await newUser();
    const { token } = await createSession(database.db, user.id);
    expect((await resolveSession(database.db, token))?.id).toBe(user.id);
    expect(await resolveSession(database.db, `${token}x`)).toBeNull();
  });

  it("does not resolve an expired session", async () => {
    const user = await newUser();
    const { token } = await createSession(database.db, user.id, { ttlMs: 60_000 });
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(await resolveSession(database.db, token)).toBeNull();
  });

  it("does not resolve a revoked session", async () => {
    const user = await newUser();
    const { token } = await createSession(database.db, user.id);
    expect(await revokeSession(database.db, token)).toBe(true);
    expect(await revokeSession(database.db, token)).toBe(false);
    expect(await resolveSession(database.db, token)).toBeNull();
  });

  it("revokes every other session of the user, keeping the current one", async () => {
    const user = await newUser();
    const other = await newUser();
    const kept = await createSession(database.db, user.id);
    const first = await createSession(database.db, user.id);
    const second = await createSession(database.db, user.id);
    const othersSession = await createSession(database.db, other.id);

    expect(await revokeOtherSessions(database.db, user.id, kept.token)).toBe(2);
    expect(await resolveSession(database.db, kept.token)).not.toBeNull();
    expect(await resolveSession(database.db, first.token)).toBeNull();
    expect(await resolveSession(database.db, second.token)).toBeNull();
    expect(await resolveSession(database.db, othersSession.token)).not.toBeNull();
  });
});

describe("GET /v1/user/accounts/current-user", () => {
  it("returns the owner's account in snake_case", async () => {
    const user = await newUser();
    const { token } = await createSession(database.db, user.id);
    const response = await currentUser(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      msg: "success",
      data: {
        user_id: user.id,
        nick_name: user.nickName,
        email: user.email,
        phone: user.phone,
        language: "vi",
        system_id: 14,
      },
    });
    // E-mail is stored normalised.
    expect(response.json().data.email).toBe(`shopper${userCount}@example.com`);
  });

  it("accepts the Bearer form", async () => {
    const user = await newUser();
    const { token } = await createSession(database.db, user.id);
    const response = await currentUser(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user_id).toBe(user.id);
  });

  it.each([
    ["no authorization header", undefined],
    ["an unknown token", "not-a-real-token"],
    ["a huge header", "x".repeat(5000)],
  ])("answers 401 with %s", async (_, authorization) => {
    const response = await currentUser(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, msg: "Please log in", data: null });
  });

  it("answers 401 for an expired session", async () => {
    const user = await newUser();
    const { token } = await createSession(database.db, user.id);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await currentUser(token)).statusCode).toBe(401);
  });

  it("answers 401 for a revoked session", async () => {
    const user = await newUser();
    const { token } = await createSession(database.db, user.id);
    await revokeSession(database.db, token);
    expect((await currentUser(token)).statusCode).toBe(401);
  });
});

describe("POST /v1/user/logout", () => {
  it("revokes exactly the calling session", async () => {
    const user = await newUser();
    const phone = await createSession(database.db, user.id);
    const laptop = await createSession(database.db, user.id);

    const response = await app.inject({
      method: "POST",
      url: "/v1/user/logout",
      headers: { ...API_HEADERS, authorization: `Bearer ${phone.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: "success", data: null });

    expect((await currentUser(phone.token)).statusCode).toBe(401);
    expect((await currentUser(laptop.token)).statusCode).toBe(200);
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(phone.token)));
    expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it("answers 401 without a session", async () => {
    const response = await app.inject({ method: "POST", url: "/v1/user/logout", headers: API_HEADERS });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, msg: "Please log in", data: null });
  });
});
