// Signs a demo account in over HTTP as the PWA does: the server's RSA public key, the password
// encrypted with RSA-OAEP/SHA-256, then login-auth. Answers the session token.
import { DEMO_PASSWORD } from "../../server/modules/accounts/services/demo-accounts";

const API = { "system-id": "14" };

/** The demo accounts the fuzzer signs in as: a paying one and a free one (quotas, 801s). */
export const FUZZ_ACCOUNTS = ["pro@shopradar.demo", "free@shopradar.demo"] as const;

async function encryptedPassword(base: string): Promise<string> {
  const response = await fetch(`${base}/v1/user/ocean/public-key`, { headers: API });
  const { data } = (await response.json()) as { data: { public_key: string } };
  const der = Buffer.from(data.public_key.replace(/-----[A-Z ]+-----/g, "").replace(/\s/g, ""), "base64");
  const key = await crypto.subtle.importKey("spki", der, { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
  const secret = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(DEMO_PASSWORD));
  return Buffer.from(secret).toString("base64");
}

/** The longest Retry-After a sign-in waits out when asked to (a rate-limit window). */
const MAX_WAIT_S = 90;

/**
 * Signs in and answers the token. With `waitWhenLimited`, a 429 (the fuzzer's own sign-ins and
 * failed logins spend the address's budget when limits are on) is waited out once.
 */
export async function signIn(
  base: string,
  loginId: string,
  options: { waitWhenLimited?: boolean } = {},
): Promise<string> {
  const response = await fetch(`${base}/v1/user/ocean/phone/password/login-auth`, {
    method: "POST",
    headers: { ...API, "content-type": "application/json" },
    body: JSON.stringify({
      login_id: loginId,
      password: await encryptedPassword(base),
      login_type: 2,
      from_system: 14,
    }),
  });
  const retryAfter = Number(response.headers.get("retry-after"));
  if (response.status === 429 && options.waitWhenLimited && retryAfter > 0 && retryAfter <= MAX_WAIT_S) {
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 500));
    return signIn(base, loginId);
  }
  const answer = (await response.json()) as { code: number; msg: string; data: { token: string } | null };
  if (answer.code !== 0 || !answer.data) throw new Error(`sign-in as ${loginId} failed: ${answer.code} ${answer.msg}`);
  return answer.data.token;
}
