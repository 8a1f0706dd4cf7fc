// Secrets never reach the logs: tokens in headers or query strings, passwords and codes in
// bodies, even when the body is malformed or the request fails.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { createSession } from "../../../server/modules/accounts/services/sessions";
import { createUser } from "../../../server/modules/accounts/services/users";
import { API_HEADERS, captureLogs, openTestApp } from "../helpers/app";

const PASSWORD = "hunter2-Pa55word-secret";
const VALID_CODE = "874219";
const QUERY_TOKEN = "qtoken-4f9a1c-secret";
const ID_TOKEN = "eyJhbGciOiJSUzI1NiJ9.secret-id-token";
const COOKIE = "authorized-token=cookie-secret-778";

let database: Database;
let app: FastifyInstance;
const logs = captureLogs();
let sessionToken: string;

beforeAll(async () => {
  ({ database, app } = await openTestApp({ env: { LOG_LEVEL: "trace" }, logStream: logs }));
  const user = await createUser(database.db, { email: "logs@example.com" });
  sessionToken = (await createSession(database.db, user.id)).token;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

it("keeps tokens, cookies, passwords and codes out of the logs", async () => {
  const headers = { ...API_HEADERS, authorization: `Bearer ${sessionToken}`, cookie: COOKIE };
  const body = {
    password: PASSWORD,
    valid_code: VALID_CODE,
    validCode: VALID_CODE,
    code: VALID_CODE,
    id_token: ID_TOKEN,
  };

  await app.inject({ method: "GET", url: "/v1/user/accounts/current-user", headers });
  await app.inject({ method: "POST", url: "/v1/user/logout", headers, payload: body });
  await app.inject({ method: "POST", url: "/v1/user/no-such-login", headers, payload: body });
  await app.inject({ method: "GET", url: `/v1/user/accounts/current-user?token=${QUERY_TOKEN}&x=1`, headers });
  await app.inject({ method: "GET", url: `/api/v1/thing?id_token=${ID_TOKEN}&code=${VALID_CODE}`, headers });
  // A malformed body: JSON.parse errors quote the input, so this must not be logged either.
  await app.inject({
    method: "POST",
    url: "/v1/user/logout",
    headers: { ...headers, "content-type": "application/json" },
    payload: `{"password": ${PASSWORD}, "valid_code": ${VALID_CODE}`,
  });

  const output = logs.lines.join("");
  expect(logs.lines.length).toBeGreaterThan(10);
  // One access line per request (tests/server/plugins/access-log.test.ts), URL redacted.
  expect(output).toContain('"msg":"request"');
  expect(output).toContain("[REDACTED]");
  for (const secret of [sessionToken, PASSWORD, VALID_CODE, QUERY_TOKEN, ID_TOKEN, "cookie-secret-778"]) {
    expect(output).not.toContain(secret);
  }
});
