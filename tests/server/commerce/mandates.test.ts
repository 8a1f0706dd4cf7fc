// E-wallet mandates through the HTTP API with the sandbox gateway: a mandate is authorised on the
// gateway's setup page and completed back on the return page (POST e-wallet/mandates with its
// setup_id), listed by POST e-wallet/list (cards apart), and removed; Alipay CN's consent return
// completes its mandate; a card or an unknown method is no mandate (70026); a setup not yet
// authorised is 70025, and someone else's setup or mandate is not the caller's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { openTestDatabase } from "../helpers/app";
import { buildCommerceApp, buyer, CommerceClient } from "./harness";

const MANDATES = "/v1/user/e-wallet/mandates";

describe("e-wallet mandates", () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildCommerceApp>>;
  let client: CommerceClient;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildCommerceApp(database);
    client = new CommerceClient(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const start = (token: string, method: string) =>
    client.call("POST", MANDATES, { token, body: { method, return_url: "/subscription?saved=wallet" } });

  async function authorise(setupId: string): Promise<void> {
    const answered = await app.inject({
      method: "POST",
      url: `/sandbox-gateway/setup/${setupId}/approve`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toBe(`/subscription?saved=wallet&setup_id=${setupId}`);
  }

  it("authorises a GCash mandate at the gateway, completes it on return, lists it apart from cards and removes it", async () => {
    const { token } = await buyer(database);
    const started = await start(token, "gcash");
    expect(started.code).toBe(0);
    expect(started.data.redirect_url).toContain(started.data.setup_id);

    const early = await client.call("POST", MANDATES, { token, body: { setup_id: started.data.setup_id } });
    expect([early.status, early.code]).toEqual([409, 70025]);

    await authorise(started.data.setup_id);
    const completed = await client.call("POST", MANDATES, { token, body: { setup_id: started.data.setup_id } });
    expect(completed.data).toMatchObject({ kind: "wallet", method: "gcash", brand: null, last4: null });
    // Completing twice answers the same mandate.
    const again = await client.call("POST", MANDATES, { token, body: { setup_id: started.data.setup_id } });
    expect(again.data.id).toBe(completed.data.id);

    const wallets = await client.call("POST", "/v1/user/e-wallet/list", { token });
    expect(wallets.data.list.map((entry: { id: number }) => entry.id)).toEqual([completed.data.id]);
    expect((await client.get("/v1/user/credit-cards/list", token)).data.list).toEqual([]);

    const removed = await client.call("DELETE", `${MANDATES}/${completed.data.id}`, { token });
    expect(removed.data).toEqual({ removed: true });
    expect((await client.call("POST", "/v1/user/e-wallet/list", { token })).data.list).toEqual([]);
  });

  it("completes an Alipay CN consent through its success return", async () => {
    const { token } = await buyer(database);
    const started = await start(token, "alipay_cn");
    expect(started.code).toBe(0);
    await authorise(started.data.setup_id);
    const completed = await client.call("POST", "/v1/user/e-wallet/consent/alipay-cn/success", {
      token,
      body: { setup_id: started.data.setup_id },
    });
    expect(completed.data).toMatchObject({ kind: "wallet", method: "alipay_cn" });
  });

  it("refuses a card, a QR method or an unknown id as a mandate, and a request with neither method nor setup", async () => {
    const { token } = await buyer(database);
    for (const method of ["card_vn", "vietqr", "nope"]) {
      const refused = await start(token, method);
      expect([refused.status, refused.code]).toEqual([400, 70026]);
    }
    const empty = await client.call("POST", MANDATES, { token, body: {} });
    expect(empty.status).toBe(400);
  });

  it("keeps each user's setups and mandates to themselves", async () => {
    const owner = await buyer(database);
    const started = await start(owner.token, "maya");
    await authorise(started.data.setup_id);
    const stranger = await buyer(database);
    const taken = await client.call("POST", MANDATES, {
      token: stranger.token,
      body: { setup_id: started.data.setup_id },
    });
    expect([taken.status, taken.code]).toEqual([409, 70025]);
    const mine = await client.call("POST", MANDATES, { token: owner.token, body: { setup_id: started.data.setup_id } });
    const removed = await client.call("DELETE", `${MANDATES}/${mine.data.id}`, { token: stranger.token });
    expect([removed.status, removed.code]).toEqual([404, 70024]);
    expect((await client.call("POST", "/v1/user/e-wallet/list", { token: owner.token })).data.list).toHaveLength(1);
  });
});
