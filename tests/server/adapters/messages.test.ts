// The messages adapter's SMTP transport against a minimal SMTP server on 127.0.0.1: a code
// requested by e-mail arrives as a real SMTP transaction (sender, recipient, subject, text in
// the requested language), and nothing is written to the outbox.
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { outbox } from "../../../server/db/schema";
import { buildTestApp, openTestApp } from "../helpers/app";

interface Mail {
  from: string;
  to: string[];
  data: string;
}

/** Speaks just enough SMTP (no TLS, no auth) for nodemailer to deliver one message per session. */
function fakeSmtp(): { server: Server; mails: Mail[] } {
  const mails: Mail[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = "";
    let current: Mail = { from: "", to: [], data: "" };
    let inData = false;
    socket.write("220 fake-smtp ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let newline: number;
      while ((newline = buffer.indexOf("\r\n")) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            mails.push(current);
            current = { from: "", to: [], data: "" };
            socket.write("250 queued\r\n");
          } else {
            current.data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-fake-smtp\r\n250 8BITMIME\r\n");
        else if (verb === "MAIL") {
          current.from = line;
          socket.write("250 ok\r\n");
        } else if (verb === "RCPT") {
          current.to.push(line);
          socket.write("250 ok\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  return { server, mails };
}

let database: Database;
let app: FastifyInstance;
const smtp = fakeSmtp();

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  ({ database, app } = await openTestApp({
    env: {
      MESSAGES_TRANSPORT: "smtp",
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: "ShopRadar <codes@shopradar.test>",
    },
  }));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise((resolve) => smtp.server.close(resolve));
});

it("sends the code e-mail through SMTP", async () => {
  const response = await app.inject({
    method: "POST",
    url: "/v1/user/ocean/sms/valid-code",
    headers: { "system-id": "14" },
    payload: { login_id: "Mail.Me@Example.com", event_type: 10, language: "en" },
  });
  expect(response.json()).toMatchObject({ code: 0 });
  expect(smtp.mails).toHaveLength(1);
  const [mail] = smtp.mails;
  expect(mail.from).toContain("codes@shopradar.test");
  expect(mail.to.join()).toContain("mail.me@example.com");
  expect(mail.data).toContain("Subject: Your ShopRadar verification code");
  expect(mail.data).toMatch(/Your ShopRadar verification code is \d{6}\. It expires in 10 minutes\./);
  expect(await database.db.select().from(outbox)).toEqual([]);
});

it("withdraws the code and says so when the SMTP server is unreachable", async () => {
  const broken = await buildTestApp(database, { env: { MESSAGES_TRANSPORT: "smtp", SMTP_URL: "smtp://127.0.0.1:9" } });
  try {
    const send = () =>
      broken.inject({
        method: "POST",
        url: "/v1/user/ocean/sms/valid-code",
        headers: { "system-id": "14" },
        payload: { login_id: "unreachable@example.com", event_type: 10 },
      });
    const first = await send();
    expect(first.statusCode).toBe(502);
    expect(first.json().msg).toBe("The verification code could not be sent. Please try again later.");
    // Withdrawn: the failed attempt does not block an immediate retry with the 60 s rule.
    expect((await send()).statusCode).toBe(502);
  } finally {
    await broken.close();
  }
});
