// The Contact Us form's endpoint: the form's messages for bad input, storage with the signed-in
// sender, and the per-IP hourly limit.
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contactMessages } from "../../../server/db/schema";
import { createSession } from "../../../server/modules/accounts/services/sessions";
import { createUser } from "../../../server/modules/accounts/services/users";
import { API_HEADERS, openTestApp } from "../helpers/app";

const { database, app, close } = await openTestApp();
afterAll(close);

const send = (payload: object, remoteAddress = "10.0.0.1", headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/v1/portal/contact",
    headers: { ...API_HEADERS, ...headers },
    payload,
    remoteAddress,
  });

describe("POST /api/v1/portal/contact", () => {
  it("answers the form's messages for missing or bad fields", async () => {
    const cases: [object, number, string][] = [
      [{ email: "  ", message: "hi" }, 60090, "Enter email"],
      [{ email: "not-an-email", message: "hi" }, 60091, "Error email"],
      [{ email: "a@example.com", message: "   " }, 60092, "Enter message"],
    ];
    for (const [payload, code, msg] of cases) {
      const response = await send(payload, "10.0.0.9");
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code, msg, data: null });
    }
    const tooLong = await send({ email: "a@example.com", message: "x".repeat(2001) }, "10.0.0.9");
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toMatch(/message/);
  });

  it("stores the message with the signed-in sender", async () => {
    const user = await createUser(database.db, { email: "writer@example.com" });
    const { token } = await createSession(database.db, user.id);
    const response = await send({ email: " Writer@Example.com ", message: " Where is the VN data? " }, "10.0.0.2", {
      authorization: token,
    });
    expect(response.json()).toEqual({ code: 0, msg: "success", data: null });
    const rows = await database.db.select().from(contactMessages).where(eq(contactMessages.ip, "10.0.0.2"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "writer@example.com", message: "Where is the VN data?", userId: user.id });
  });

  it("accepts 5 messages an hour from one IP, then answers 60093", async () => {
    for (let n = 0; n < 5; n++)
      expect((await send({ email: "v@example.com", message: `m${n}` }, "10.0.0.3")).statusCode).toBe(200);
    const sixth = await send({ email: "v@example.com", message: "m6" }, "10.0.0.3");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe(60093);
    expect((await send({ email: "v@example.com", message: "other ip" }, "10.0.0.4")).statusCode).toBe(200);
  });
});
