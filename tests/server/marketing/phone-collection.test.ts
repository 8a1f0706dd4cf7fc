// The phone-collection dialog's route: a session is needed, a bad country code or number answers
// 71020 'Please enter a valid phone number' (never a 500), spaces and dashes are dropped, and a
// second answer replaces the first (one row per user).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../../../server/db/client";
import { phoneCollections } from "../../../server/db/schema";
import { buyer, CommerceClient, openCommerceApp } from "../commerce/harness";

const PATH = "/v1/user/charge/marketing/phone-collection";

let database: Database;
let client: CommerceClient;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, client, close } = await openCommerceApp());
});
afterAll(() => close?.());

const save = (token: string | undefined, body: object) => client.call("POST", PATH, { token, body });

describe("phone collection", () => {
  it("needs a session", async () => {
    expect(await save(undefined, { country_code: "+84", phone: "912345678" })).toMatchObject({ status: 401 });
    expect(await client.call("GET", PATH)).toMatchObject({ status: 401 });
  });

  it("refuses an invalid country code or number with 71020", async () => {
    const { token } = await buyer(database);
    for (const body of [
      { country_code: "84", phone: "912345678" },
      { country_code: "+12345", phone: "912345678" },
      { country_code: "+", phone: "912345678" },
      { country_code: "+84", phone: "12345" },
      { country_code: "+84", phone: "123456789012345" },
      { country_code: "+84", phone: "91234abc" },
      { country_code: "+84", phone: "" },
      { country_code: "+84", phone: "+84912345678" },
    ])
      expect(await save(token, body), JSON.stringify(body)).toMatchObject({
        status: 400,
        code: 71020,
        msg: "Please enter a valid phone number",
      });
    expect(await save(token, { country_code: "+84" })).toMatchObject({ status: 400, code: 400 });
    expect((await client.call("GET", PATH, { token })).data).toBeNull();
  });

  it("keeps the latest answer per user, digits only", async () => {
    const { token, userId } = await buyer(database);
    expect(await save(token, { country_code: "+84", phone: "912 345-678" })).toMatchObject({
      code: 0,
      data: { saved: true },
    });
    expect((await client.call("GET", PATH, { token })).data).toEqual({ country_code: "+84", phone: "912345678" });
    expect(await save(token, { country_code: " +66 ", phone: "81234567" })).toMatchObject({ code: 0 });
    expect((await client.call("GET", PATH, { token })).data).toEqual({ country_code: "+66", phone: "81234567" });
    const rows = await database.db.select().from(phoneCollections).where(eq(phoneCollections.userId, userId));
    expect(rows).toHaveLength(1);
    // Another user's answer is their own.
    const other = await buyer(database);
    expect((await client.call("GET", PATH, { token: other.token })).data).toBeNull();
  });
});
