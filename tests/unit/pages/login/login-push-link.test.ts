// A sign-in of any kind ends in finishLogin (src/pages/login/login-flow.ts), which saves this
// browser's push subscription again under the new session, so a user who turned notifications
// on before signing in gets monitor alerts without pressing Monitor first. Silent: a refused
// save neither toasts nor stops the sign-in. Nothing is sent without a subscription or without
// the permission. A fake browser (helpers/fake-push-browser.ts) stands in for the Push API; the
// API calls go to a real local HTTP server.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { TOKEN_HEADER } from "../../../../contract/http-headers";
import { finishLogin } from "../../../../src/pages/login/login-flow";
import { systemState } from "../../../../src/state/system";
import { userState } from "../../../../src/state/user";
import { fail, ok } from "../../helpers/data-server";
import { setUpDataTests } from "../../helpers/data-tests";
import {
  FAKE_PUSH_ENDPOINT,
  FAKE_PUSH_KEYS,
  installFakePushBrowser,
  type FakePushBrowser,
} from "../../helpers/fake-push-browser";

const { server } = await setUpDataTests();
let fake: FakePushBrowser;

beforeEach(() => {
  fake = installFakePushBrowser();
  server.replies.set("/api/v1/push/subscription", ok({ subscribed: true }));
});
afterEach(() => fake.remove());

const saves = () => server.calls("/api/v1/push/subscription").filter((call) => call.method === "POST");
const signIn = () => finishLogin({ token: "tok-new-session", nickName: "Lan" }, { target: "/rank" });

describe("sign-in links the push subscription to the user", () => {
  test("saves this browser's subscription with the new session's token, then goes on", async () => {
    expect(userState.token).toBe("");
    expect(await signIn()).toBe("/rank");
    expect(userState.token).toBe("tok-new-session");
    expect(saves()).toHaveLength(1);
    expect(JSON.parse(saves()[0].rawBody)).toEqual({ endpoint: FAKE_PUSH_ENDPOINT, keys: FAKE_PUSH_KEYS });
    expect(saves()[0].headers[TOKEN_HEADER]).toBe("tok-new-session");
  });

  test("a refused save is silent and the sign-in still finishes", async () => {
    server.replies.set("/api/v1/push/subscription", fail(400, 40001, "bad subscription"));
    expect(await signIn()).toBe("/rank");
    expect(saves()).toHaveLength(1);
    expect(systemState.toasts).toEqual([]);
  });

  test("sends nothing without the permission or without a subscription", async () => {
    fake.permission = "default";
    expect(await signIn()).toBe("/rank");
    fake.permission = "denied";
    expect(await signIn()).toBe("/rank");
    fake.permission = "granted";
    fake.subscribed = false;
    expect(await signIn()).toBe("/rank");
    expect(saves()).toHaveLength(0);
  });
});
