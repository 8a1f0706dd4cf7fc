// Linking this browser's push subscription to the signed-in user
// (src/features/push/push-link.ts): with notifications granted and a subscription, it is saved
// again under the session (POST /api/v1/push/subscription with the session's token); with no
// permission or no subscription nothing is sent. A fake browser (helpers/fake-push-browser.ts)
// stands in for the Push API; the API call goes to a real local HTTP server.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { TOKEN_HEADER } from "../../../../contract/http-headers";
import { linkPushSubscriptionToUser } from "../../../../src/features/push/push-link";
import { userState } from "../../../../src/state/user";
import { ok } from "../../helpers/data-server";
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
  userState.token = "tok-user";
  server.replies.set("/api/v1/push/subscription", ok({ subscribed: true }));
});
afterEach(() => fake.remove());

const saves = () => server.calls("/api/v1/push/subscription").filter((call) => call.method === "POST");

describe("linking the push subscription to the user", () => {
  test("saves this browser's subscription under the session", async () => {
    expect(await linkPushSubscriptionToUser()).toBe(true);
    expect(saves()).toHaveLength(1);
    expect(JSON.parse(saves()[0].rawBody)).toEqual({ endpoint: FAKE_PUSH_ENDPOINT, keys: FAKE_PUSH_KEYS });
    expect(saves()[0].headers[TOKEN_HEADER]).toBe("tok-user");
  });

  test("sends nothing without the permission or without a subscription", async () => {
    fake.permission = "default";
    expect(await linkPushSubscriptionToUser()).toBe(false);
    fake.permission = "granted";
    fake.subscribed = false;
    expect(await linkPushSubscriptionToUser()).toBe(false);
    expect(saves()).toHaveLength(0);
  });
});
