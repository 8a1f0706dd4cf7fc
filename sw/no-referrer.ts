// The worker's answer for a page whose address carries a secret (/auth, contract/http-headers.ts
// isNoReferrerPath): the precached shell with Referrer-Policy: no-referrer, as the server would
// answer that page. Pure (no worker globals), so vitest runs it.
import { NO_REFERRER } from "../contract/http-headers";

/** The shell answer with Referrer-Policy: no-referrer. */
export async function withoutReferrer(shell: Response): Promise<Response> {
  const headers = new Headers(shell.headers);
  headers.set("referrer-policy", NO_REFERRER);
  return new Response(await shell.blob(), { status: shell.status, statusText: shell.statusText, headers });
}
