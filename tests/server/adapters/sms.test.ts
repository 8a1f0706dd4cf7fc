// The SMS adapter against a local stand-in for Twilio's Messages API (node:http on 127.0.0.1):
// the request it makes (path with the Account SID, Basic auth, form fields To in E.164, From or
// MessagingServiceSid, Body), the documented answers it understands (201 with the message,
// an error object, 429 throttling), and the server sending a Chinese-edition phone code
// through it outside demo mode.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SmsError, toE164, twilioSms } from "../../../server/adapters/sms";
import type { Database } from "../../../server/db/client";
import { outbox } from "../../../server/db/schema";
import { uniquePhone } from "../helpers/auth";
import { buildTestApp, openTestDatabase } from "../helpers/app";

const ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef";
const AUTH_TOKEN = "twilio-auth-token";

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

type Answer = { status: number; body: unknown };

let server: Server;
let apiUrl: string;
let received: Received[] = [];
let nextAnswer: Answer;

const MESSAGE_CREATED = (to: string, body: string): Answer => ({
  status: 201,
  body: { sid: "SM0123456789abcdef0123456789abcdef", status: "queued", to, body, error_code: null },
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const form = new URLSearchParams(text);
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        authorization: request.headers.authorization,
        contentType: request.headers["content-type"],
        form,
      });
      const answer = nextAnswer ?? MESSAGE_CREATED(form.get("To") ?? "", form.get("Body") ?? "");
      response.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  nextAnswer = undefined as unknown as Answer;
});

describe("twilioSms", () => {
  const sender = () => twilioSms({ apiUrl, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: "+15005550006" });

  it("posts the documented form with Basic auth and returns the message sid", async () => {
    const receipt = await sender().send("13800138000", "您的 ShopRadar 验证码是 123456");
    expect(receipt.id).toBe("SM0123456789abcdef0123456789abcdef");
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`);
    expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request.form)).toEqual({
      To: "+8613800138000",
      From: "+15005550006",
      Body: "您的 ShopRadar 验证码是 123456",
    });
  });

  it("sends a Messaging Service SID as MessagingServiceSid", async () => {
    const service = "MG0123456789abcdef0123456789abcdef";
    await twilioSms({ apiUrl: `${apiUrl}/`, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: service }).send(
      "+447700900123",
      "hi",
    );
    expect(Object.fromEntries(received[0].form)).toEqual({
      To: "+447700900123",
      MessagingServiceSid: service,
      Body: "hi",
    });
  });

  it("turns Twilio's error object into an SmsError with its code", async () => {
    nextAnswer = {
      status: 400,
      body: {
        code: 21211,
        message: "The 'To' number +861 is not a valid phone number.",
        more_info: "https://www.twilio.com/docs/errors/21211",
        status: 400,
      },
    };
    const error = await sender()
      .send("1", "text")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SmsError);
    expect(error).toMatchObject({ status: 400, providerCode: 21211, throttled: false });
    expect((error as SmsError).message).toContain("not a valid phone number");
  });

  it("reports throttling (429, code 20429)", async () => {
    nextAnswer = {
      status: 429,
      body: {
        code: 20429,
        message: "Too Many Requests",
        more_info: "https://www.twilio.com/docs/errors/20429",
        status: 429,
      },
    };
    const error = await sender()
      .send("13800138000", "secret code 654321")
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, providerCode: 20429, throttled: true });
    // The text (the code) never appears in the error.
    expect((error as SmsError).message).not.toContain("654321");
  });

  it("fails with status 0 when the provider cannot be reached", async () => {
    const closed = twilioSms({
      apiUrl: "http://127.0.0.1:1",
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: "x",
    });
    await expect(closed.send("13800138000", "text")).rejects.toMatchObject({ name: "SmsError", status: 0 });
  });

  it("writes mainland numbers in E.164", () => {
    expect(toE164("13800138000")).toBe("+8613800138000");
    expect(toE164("+8613800138000")).toBe("+8613800138000");
    expect(toE164("447700 900123")).toBe("+447700900123");
  });
});

describe("phone codes outside demo mode", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("go through the SMS provider, not the outbox", async () => {
    const app = await buildTestApp(database, {
      env: {
        DEMO_MODE: "false",
        SMS_PROVIDER: "twilio",
        SMS_API_URL: apiUrl,
        SMS_ACCOUNT_ID: ACCOUNT_SID,
        SMS_AUTH_TOKEN: AUTH_TOKEN,
        SMS_FROM: "ShopRadar",
      },
    });
    try {
      const phone = uniquePhone();
      const response = await app.inject({
        method: "POST",
        url: "/v1/user/ocean/sms/valid-code",
        headers: { "system-id": "13", "x-language": "zh" },
        payload: { login_id: phone, event_type: 5 },
      });
      expect(response.json()).toMatchObject({ code: 0 });
      expect(received).toHaveLength(1);
      expect(received[0].form.get("To")).toBe(`+86${phone}`);
      expect(received[0].form.get("From")).toBe("ShopRadar");
      expect(received[0].form.get("Body")).toMatch(/ShopRadar 验证码是 \d{6}/);
      expect(await database.db.select().from(outbox)).toEqual([]);

      // A refused message withdraws the code and answers a clear 502.
      nextAnswer = { status: 429, body: { code: 20429, message: "Too Many Requests", status: 429 } };
      const throttled = await app.inject({
        method: "POST",
        url: "/v1/user/ocean/sms/valid-code",
        headers: { "system-id": "13" },
        payload: { login_id: uniquePhone(), event_type: 5 },
      });
      expect(throttled.statusCode).toBe(502);
      expect(throttled.json()).toMatchObject({ code: 502, data: null });
    } finally {
      await app.close();
    }
  });
});
