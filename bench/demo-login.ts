// Signs in as the demo Pro account through the API, as the app does (the password encrypted
// with the server's public key): the benches that load Pro-only routes (details, searches,
// favourites) share this one login.
import { DEMO_PASSWORD } from "../server/modules/accounts/services/demo-accounts";
import { encryptPassword } from "../src/lib/crypto";

const API = { "system-id": "14" };

async function apiData<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...API, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** A session token of the demo Pro account (the server must run in demo mode). */
export async function proToken(base: string): Promise<string> {
  const { public_key: publicKey } = await apiData<{ public_key: string }>(`${base}/v1/user/ocean/public-key`);
  const login = await apiData<{ token: string }>(`${base}/v1/user/ocean/phone/password/login-auth`, {
    from_system: 14,
    login_id: "pro@shopradar.demo",
    password: encryptPassword(publicKey, DEMO_PASSWORD),
    login_type: 2,
    channel_id: 1,
  });
  return login.token;
}
