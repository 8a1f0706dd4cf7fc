// The pages whose address carries a secret (/auth) send no Referer: the list the server and the
// worker share (contract/http-headers.ts) is the auth route's addresses, and the worker's shell
// answer for them carries Referrer-Policy: no-referrer (the server's own answer is tested in
// tests/server/plugins/security-headers.test.ts).
import { describe, expect, it } from "vitest";
import { isNoReferrerPath, NO_REFERRER_PATHS } from "../../../contract/http-headers";
import { pathsOf } from "../../../src/routing/paths";
import { withoutReferrer } from "../../../sw/no-referrer";

describe("no-referrer pages", () => {
  it("are the auth route's path and aliases", () => {
    const auth = pathsOf("auth");
    expect([...NO_REFERRER_PATHS].sort()).toEqual([auth.path, ...auth.aliases].sort());
    expect(isNoReferrerPath("/auth")).toBe(true);
    expect(isNoReferrerPath("/auth/")).toBe(true);
    expect(isNoReferrerPath("/login/pages/auth/auth")).toBe(true);
    expect(isNoReferrerPath("/")).toBe(false);
    expect(isNoReferrerPath("/login")).toBe(false);
    expect(isNoReferrerPath("/authx")).toBe(false);
  });

  it("get the shell with Referrer-Policy: no-referrer and the shell's other headers", async () => {
    const shell = new Response("<!doctype html><p>shell</p>", {
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'self'",
        "referrer-policy": "strict-origin-when-cross-origin",
      },
    });
    const answer = await withoutReferrer(shell);
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(await answer.text()).toBe("<!doctype html><p>shell</p>");
  });
});
