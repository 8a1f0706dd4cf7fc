// Calls to the real server from e2e tests (outside the browser): the API's headers for the
// overseas edition, the {code, msg, data} envelope unwrapped, a non-zero code thrown. Also a
// fresh e-mail account, for tests whose actions would change what a shared demo account sees.
import { encryptPassword } from "../../src/lib/crypto";

/** The demo accounts' published password (README; server/modules/accounts/services/demo-accounts.ts). */
export const DEMO_PASSWORD = "ShopRadar-demo-2026";

export const API_HEADERS = { "system-id": "14", "x-language": "en", "content-type": "application/json" };

export interface ApiCall {
  method?: string;
  body?: unknown;
  token?: string;
}

export async function apiCall<T>(base: string, path: string, init: ApiCall = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers: { ...API_HEADERS, ...(init.token ? { authorization: init.token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}

/** A new e-mail account registered through the API on the server at `base` (its code read from
 *  that server's outbox): its login id and token. */
export async function freshAccount(
  base: string,
  password = "Fresh-Account-2026",
): Promise<{ email: string; token: string }> {
  const email = `e2e.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await apiCall(base, "/v1/user/ocean/sms/valid-code", {
    method: "POST",
    body: { login_id: email, event_type: 10, from_system: 14, language: "en" },
  });
  const { public_key: publicKey } = await apiCall<{ public_key: string }>(base, "/v1/user/ocean/public-key");
  const login = await apiCall<{ token: string }>(base, "/v1/user/ocean/email/code/register", {
    method: "POST",
    body: {
      from_system: 14,
      email,
      // Loaded here: fixtures.ts needs vitest's state, which a bench importing this file has not.
      valid_code: await (await import("./fixtures")).latestCode(email, 1, base),
      password: encryptPassword(publicKey, password),
      channel_id: 1,
    },
  });
  return { email, token: login.token };
}

export async function freshAccountToken(base: string, password = "Fresh-Account-2026"): Promise<string> {
  return (await freshAccount(base, password)).token;
}

/** A session token of `loginId` from a password login through the API (a demo account by default). */
export async function passwordLoginToken(base: string, loginId: string, password = DEMO_PASSWORD): Promise<string> {
  const { public_key: publicKey } = await apiCall<{ public_key: string }>(base, "/v1/user/ocean/public-key");
  const login = await apiCall<{ token: string }>(base, "/v1/user/ocean/phone/password/login-auth", {
    method: "POST",
    body: {
      from_system: 14,
      login_id: loginId,
      password: encryptPassword(publicKey, password),
      login_type: 2,
      channel_id: 1,
    },
  });
  return login.token;
}
