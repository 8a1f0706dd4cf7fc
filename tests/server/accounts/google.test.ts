// Google sign-in against a real, locally generated RSA key set served as JWKS by a node:http
// server on 127.0.0.1 (which also plays Google's token endpoint for the redirect flow), with
// real signed tokens: valid ones sign in (register, log in again, link by verified e-mail);
// wrong audience, wrong issuer, expired, HS256, alg none and unknown kid are refused. Both
// flows are bound to the browser's nonce: a token or state whose nonce hash does not match the
// nonce the request carries (or a request without one) is refused with 60055.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { hashNonce } from "../../../server/adapters/google";
import { users } from "../../../server/db/schema";
import { AUTH_ERRORS } from "../../../server/modules/accounts/errors";
import { AuthClient, testClock, uniqueEmail, type LoginDataBody, type TestClock } from "../helpers/auth";
import { buildTestApp, openTestApp } from "../helpers/app";

const CLIENT_ID = "shopradar-test.apps.googleusercontent.com";
const KID = "test-key-1";
/** The nonce "the browser" keeps, and the hash it gives Google (and the state). */
const NONCE = "browser-nonce-0123456789abcdefghijklmnopq";
const NONCE_HASH = hashNonce(NONCE);

let database: Database;
let app: FastifyInstance;
let client: AuthClient;
let clock: TestClock;
let server: Server;
let base: string;
let privateKey: CryptoKey;
let strangerKey: CryptoKey;
/** id_token the fake token endpoint hands out for the code "good-code". */
let nextIdToken = "";
const tokenRequests: URLSearchParams[] = [];

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };

  server = createServer((request, response) => {
    if (request.url === "/certs") {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (request.url === "/token" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        response.setHeader("content-type", "application/json");
        if (form.get("code") !== "good-code") {
          response.statusCode = 400;
          response.end(JSON.stringify({ error: "invalid_grant" }));
          return;
        }
        response.end(JSON.stringify({ access_token: "at", id_token: nextIdToken, token_type: "Bearer" }));
      });
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  clock = testClock();
  ({ database, app } = await openTestApp({
    now: clock.now,
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: "test-secret",
      GOOGLE_JWKS_URL: `${base}/certs`,
      GOOGLE_AUTH_URL: "https://accounts.example.test/o/oauth2/v2/auth",
      GOOGLE_TOKEN_URL: `${base}/token`,
    },
  }));
  client = new AuthClient(app);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise((resolve) => server?.close(resolve));
});

interface TokenOptions {
  claims?: JWTPayload;
  audience?: string;
  issuer?: string;
  expiresIn?: number;
  key?: CryptoKey;
  kid?: string;
}

function idToken(sub: string, options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ email_verified: true, nonce: NONCE_HASH, ...options.claims })
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? KID, typ: "JWT" })
    .setSubject(sub)
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuer(options.issuer ?? "https://accounts.google.com")
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
    .sign(options.key ?? privateKey);
}

function googleSignIn(token: string, extras: object = {}) {
  return client.json<LoginDataBody>("POST", "/v1/user/third-login/id-token/google", {
    client_id: CLIENT_ID,
    id_token: token,
    nonce: NONCE,
    source: "google",
    system_id: 14,
    ...extras,
  });
}

describe("ID-token sign-in", () => {
  it("registers a new user keyed by sub (trial, invite code, channel), then logs the same user in", async () => {
    const email = uniqueEmail("google");
    const token = await idToken("sub-new-1", { claims: { email, name: "Gina Google" } });
    const first = await googleSignIn(token, { invite_code: "GFRIEND", channel_id: 9 });
    expect(first).toMatchObject({
      code: 0,
      data: { is_register: true, nick_name: "Gina Google", user_info: { email, system_id: 14 } },
    });
    const [row] = await database.db.select().from(users).where(eq(users.googleSub, "sub-new-1"));
    expect(row).toMatchObject({ email, inviteCode: "GFRIEND", channelId: 9, passwordHash: null });

    const again = await googleSignIn(await idToken("sub-new-1", { claims: { email } }));
    expect(again.data).toMatchObject({ is_register: false, user_info: { user_id: row.id } });
  });

  it("also accepts the issuer without https://", async () => {
    const response = await googleSignIn(await idToken("sub-bare-iss", { issuer: "accounts.google.com" }));
    expect(response.code).toBe(0);
  });

  it("links to an existing account with the same verified e-mail", async () => {
    const email = uniqueEmail("link");
    const registered = await client.registerEmail(email, "linking password 1");
    const linked = await googleSignIn(await idToken("sub-link-1", { claims: { email: email.toUpperCase() } }));
    expect(linked.data).toMatchObject({
      is_register: false,
      user_info: { user_id: registered.data.user_info.user_id },
    });
    // A different Google account cannot take the same e-mail over.
    const other = await googleSignIn(await idToken("sub-link-2", { claims: { email } }));
    expect(other).toMatchObject({ code: AUTH_ERRORS.ACCOUNT_EXISTS.code });
  });

  it("does not link by an unverified e-mail", async () => {
    const email = uniqueEmail("unverified");
    const registered = await client.registerEmail(email, "unverified pass 1");
    const response = await googleSignIn(await idToken("sub-unverified", { claims: { email, email_verified: false } }));
    expect(response.data).toMatchObject({ is_register: true, user_info: { email: null } });
    expect(response.data.user_info.user_id).not.toBe(registered.data.user_info.user_id);
  });

  it.each<[string, () => Promise<string>]>([
    ["a wrong audience", () => idToken("sub-x", { audience: "someone-else.apps.googleusercontent.com" })],
    ["a wrong issuer", () => idToken("sub-x", { issuer: "https://evil.example.com" })],
    ["an expired token", () => idToken("sub-x", { expiresIn: -60 })],
    ["a signature by an unknown key", () => idToken("sub-x", { key: strangerKey })],
    ["an unknown kid", () => idToken("sub-x", { kid: "not-in-the-set" })],
    [
      "HS256",
      () =>
        new SignJWT({ email_verified: true })
          .setProtectedHeader({ alg: "HS256", kid: KID })
          .setSubject("sub-x")
          .setAudience(CLIENT_ID)
          .setIssuer("https://accounts.google.com")
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode("a-shared-secret-guessed-by-an-attacker")),
    ],
    [
      "alg none",
      async () => {
        const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
        const now = Math.floor(Date.now() / 1000);
        return `${encode({ alg: "none", typ: "JWT" })}.${encode({ sub: "sub-x", aud: CLIENT_ID, iss: "https://accounts.google.com", exp: now + 3600 })}.`;
      },
    ],
    ["garbage", async () => "not.a.jwt"],
  ])("refuses %s", async (_, make) => {
    const response = await client.call("POST", "/v1/user/third-login/id-token/google", {
      id_token: await make(),
      nonce: NONCE,
      source: "google",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: AUTH_ERRORS.GOOGLE_TOKEN_INVALID.code,
      msg: AUTH_ERRORS.GOOGLE_TOKEN_INVALID.msg,
      data: null,
    });
  });

  it("needs the nonce whose hash the token carries", async () => {
    const refused = {
      code: AUTH_ERRORS.GOOGLE_NONCE_INVALID.code,
      msg: AUTH_ERRORS.GOOGLE_NONCE_INVALID.msg,
      data: null,
    };
    const token = await idToken("sub-nonce-1");
    // Another browser's nonce, no nonce at all, a token minted for another nonce or for none.
    expect(await googleSignIn(token, { nonce: "someone-elses-nonce-0123456789" })).toEqual(refused);
    expect(await googleSignIn(token, { nonce: undefined })).toEqual(refused);
    expect(
      await googleSignIn(await idToken("sub-nonce-1", { claims: { nonce: hashNonce("other-nonce-0123456789") } })),
    ).toEqual(refused);
    expect(await googleSignIn(await idToken("sub-nonce-1", { claims: { nonce: undefined } }))).toEqual(refused);
    // The raw nonce in the claim (instead of its hash) does not count either.
    expect(await googleSignIn(await idToken("sub-nonce-1", { claims: { nonce: NONCE } }))).toEqual(refused);
    expect((await googleSignIn(token)).code).toBe(0);
  });

  it("refuses a malformed nonce as a validation error", async () => {
    const response = await client.call("POST", "/v1/user/third-login/id-token/google", {
      id_token: await idToken("sub-nonce-2"),
      nonce: "short",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400 });
  });

  it("refuses a token whose client_id field names another app", async () => {
    const response = await googleSignIn(await idToken("sub-y"), { client_id: "other-client" });
    expect(response.code).toBe(AUTH_ERRORS.GOOGLE_TOKEN_INVALID.code);
  });

  it("serves the client id", async () => {
    expect(await client.json("GET", "/v1/user/third-login/client-id/google?system_id=14")).toEqual({
      code: 0,
      msg: "success",
      data: { client_id: CLIENT_ID },
    });
  });
});

describe("redirect flow", () => {
  const redirectUri = "http://localhost:5173/login/pages/auth/auth";

  async function authorizationUrl(extra = ""): Promise<URL> {
    const response = await client.json<string>(
      "GET",
      `/v1/user/third-login/url/google?system_id=14&redirect_uri=${encodeURIComponent(redirectUri)}&nonce_hash=${NONCE_HASH}${extra}`,
    );
    expect(response.code).toBe(0);
    return new URL(response.data);
  }

  it("builds the authorization URL and signs in with the returned code", async () => {
    const url = await authorizationUrl("&invite_code=REDIR1");
    expect(url.origin + url.pathname).toBe("https://accounts.example.test/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "openid email profile",
      nonce: NONCE_HASH,
    });
    const state = url.searchParams.get("state")!;

    const email = uniqueEmail("redirect");
    nextIdToken = await idToken("sub-redirect-1", { claims: { email } });
    const response = await client.json<LoginDataBody>("POST", "/v1/user/third-login/code-auth/google?system_id=14", {
      code: "good-code",
      redirect_uri: redirectUri,
      state,
      nonce: NONCE,
    });
    expect(response).toMatchObject({ code: 0, data: { is_register: true, user_info: { email } } });
    expect(Object.fromEntries(tokenRequests.at(-1)!)).toEqual({
      code: "good-code",
      client_id: CLIENT_ID,
      client_secret: "test-secret",
      redirect_uri: redirectUri,
      grant_type: "authorization_code",
    });
    const [row] = await database.db.select().from(users).where(eq(users.googleSub, "sub-redirect-1"));
    expect(row.inviteCode).toBe("REDIR1");
  });

  it("refuses a forged or expired state, a changed redirect URI and a bad code", async () => {
    const state = (await authorizationUrl()).searchParams.get("state")!;
    const codeAuth = (body: object) =>
      client.json("POST", "/v1/user/third-login/code-auth/google?system_id=14", { nonce: NONCE, ...body });

    expect(await codeAuth({ code: "good-code", state: `${state.slice(0, -2)}xx` })).toMatchObject({
      code: AUTH_ERRORS.GOOGLE_STATE_INVALID.code,
    });
    expect(await codeAuth({ code: "good-code", state, redirect_uri: "https://evil.example.com/cb" })).toMatchObject({
      code: AUTH_ERRORS.GOOGLE_STATE_INVALID.code,
    });
    expect(await codeAuth({ code: "bad-code", state })).toMatchObject({ code: AUTH_ERRORS.GOOGLE_TOKEN_INVALID.code });
    clock.advance(601_000);
    expect(await codeAuth({ code: "good-code", state })).toMatchObject({ code: AUTH_ERRORS.GOOGLE_STATE_INVALID.code });
  });

  it("refuses a state whose nonce hash is not the returning browser's, before spending the code", async () => {
    const state = (await authorizationUrl()).searchParams.get("state")!;
    nextIdToken = await idToken("sub-redirect-nonce");
    const codeAuth = (extras: object) =>
      client.json("POST", "/v1/user/third-login/code-auth/google?system_id=14", {
        code: "good-code",
        redirect_uri: redirectUri,
        state,
        ...extras,
      });
    const exchangesBefore = tokenRequests.length;
    const refused = { code: AUTH_ERRORS.GOOGLE_NONCE_INVALID.code };
    // Another browser (its own nonce, or none) cannot use this browser's code and state.
    expect(await codeAuth({ nonce: "another-browser-nonce-0123456789" })).toMatchObject(refused);
    expect(await codeAuth({})).toMatchObject(refused);
    expect(tokenRequests.length).toBe(exchangesBefore);
    // An ID token minted for another nonce is refused too.
    nextIdToken = await idToken("sub-redirect-nonce", { claims: { nonce: hashNonce("other-nonce-0123456789") } });
    expect(await codeAuth({ nonce: NONCE })).toMatchObject(refused);
    nextIdToken = await idToken("sub-redirect-nonce");
    expect(await codeAuth({ nonce: NONCE })).toMatchObject({ code: 0 });
  });

  it("needs a well-formed nonce hash to begin", async () => {
    for (const extra of ["", "&nonce_hash=tooshort"]) {
      const response = await client.call(
        "GET",
        `/v1/user/third-login/url/google?system_id=14&redirect_uri=${encodeURIComponent(redirectUri)}${extra}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400 });
    }
  });

  it("knows only the google provider", async () => {
    const response = await client.json(
      "GET",
      `/v1/user/third-login/url/facebook?redirect_uri=${encodeURIComponent(redirectUri)}&nonce_hash=${NONCE_HASH}`,
    );
    expect(response).toMatchObject({ code: AUTH_ERRORS.UNSUPPORTED_PROVIDER.code });
  });
});

describe("when Google is not configured", () => {
  it("every Google route says so, without a 5xx", async () => {
    const plain = await buildTestApp(database);
    try {
      const requests = [
        { method: "GET", url: "/v1/user/third-login/client-id/google?system_id=14" },
        {
          method: "POST",
          url: "/v1/user/third-login/id-token/google",
          payload: { id_token: "a.b.c", source: "google" },
        },
        {
          method: "GET",
          url: `/v1/user/third-login/url/google?system_id=14&redirect_uri=https%3A%2F%2Fa.example%2Fcb&nonce_hash=${NONCE_HASH}`,
        },
        {
          method: "POST",
          url: "/v1/user/third-login/code-auth/google?system_id=14",
          payload: { code: "c", state: "s" },
        },
      ] as const;
      for (const request of requests) {
        const response = await plain.inject({ ...request, headers: { "system-id": "14" } });
        expect(response.statusCode, request.url).toBe(400);
        expect(response.json()).toEqual({
          code: AUTH_ERRORS.GOOGLE_NOT_CONFIGURED.code,
          msg: "Google sign-in is not configured",
          data: null,
        });
      }
    } finally {
      await plain.close();
    }
  });

  it("answers 'unavailable' (not a crash) when the JWKS cannot be fetched", async () => {
    const unreachable = await buildTestApp(database, {
      now: clock.now,
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `${base}/missing-certs` },
    });
    try {
      const response = await unreachable.inject({
        method: "POST",
        url: "/v1/user/third-login/id-token/google",
        headers: { "system-id": "14" },
        payload: { id_token: await idToken("sub-z"), nonce: NONCE, source: "google" },
      });
      expect(response.json()).toEqual({
        code: AUTH_ERRORS.GOOGLE_UNAVAILABLE.code,
        msg: AUTH_ERRORS.GOOGLE_UNAVAILABLE.msg,
        data: null,
      });
    } finally {
      await unreachable.close();
    }
  });
});
