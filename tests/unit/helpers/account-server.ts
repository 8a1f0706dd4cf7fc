// A fake account service on a real local HTTP server for the sign-in page tests: answers every
// auth path with a real RSA key (passwords are decrypted exactly as the server
// does), and lets a test override any path's reply. QR-code login: new tickets are numbered
// (qr-ticket-1, -2, ... from each reset), checks answer pending, confirming needs a token.
import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto";
import { configureApi } from "../../../src/api/client";
import { bindApiToStores } from "../../../src/boot/api-bindings";
import { sendJson, startTestServer, type RecordedRequest, type TestServer } from "./test-server";

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

export const decryptPassword = (base64: string): string =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(base64, "base64"),
  ).toString();

export const loginData = (isRegister: boolean) => ({
  token: isRegister ? "tok-registered" : "tok-logged-in",
  expires: 604_800_000,
  is_register: isRegister,
  nick_name: "ann",
  user_info: {
    user_id: 5,
    nick_name: "ann",
    email: "annabelle@example.com",
    phone: null,
    language: "en",
    system_id: 14,
  },
});

const ok = (data: unknown): [number, unknown] => [200, { code: 0, msg: "success", data }];
export const fail = (status: number, code: number, msg: string): [number, unknown] => [
  status,
  { code, msg, data: null },
];

export const REGISTERED = "annabelle@example.com";

let ticketCount = 0;

function defaultReply(request: RecordedRequest): [number, unknown] {
  switch (request.path) {
    case "/v1/user/ocean/public-key":
      return ok({ public_key: publicKey.export({ type: "spki", format: "pem" }).toString() });
    case "/v1/user/ocean/exist-user/":
      return ok(request.query.get("account") === REGISTERED || request.query.get("account") === "13812345678");
    case "/v1/user/ocean/email/code/register":
    case "/v1/user/activity/phone/code/register-login":
      return ok(loginData(true));
    case "/v1/user/ocean/phone/password/login-auth":
    case "/v1/user/third-login/code-auth/google":
      return ok(loginData(false));
    case "/v1/user/accounts/current-combo":
      return ok([{ id: 3, plan: "basic", end_time: "2026-12-01T12:00:00.000Z", days_to_end_time: 1 }]);
    case "/v1/user/mengla/wechat/qrcode":
      return ok({
        status: false,
        contact_name: "ShopRadar support",
        contact_id: "shopradar-help",
        qr_code: "shopradar-help",
      });
    case "/v1/user/third-login/app/qrcode":
      ticketCount += 1;
      return ok({ ticket: `qr-ticket-${ticketCount}`, expires_at: new Date(Date.now() + 120_000).toISOString() });
    case "/v1/user/third-login/app/qrcode/check":
      return ok({ status: "pending" });
    case "/v1/user/third-login/app/qrcode/confirm":
      return request.headers.authorization ? ok(null) : fail(401, 401, "Please log in");
    case "/v1/user/third-login/client-id/google":
      return fail(400, 60050, "Google sign-in is not configured");
    case "/v1/user/third-login/client-id/wechat":
      return fail(400, 60080, "WeChat sign-in is not configured");
    default:
      return ok(null);
  }
}

export interface AccountServer extends TestServer {
  /** Replies for a path until `reset()`; a function gets the request. */
  replies: Map<string, [number, unknown] | ((request: RecordedRequest) => [number, unknown])>;
  calls: (path: string) => RecordedRequest[];
  body: (path: string) => Record<string, unknown>;
  reset: () => void;
}

export async function startAccountServer(): Promise<AccountServer> {
  const replies: AccountServer["replies"] = new Map();
  const server = await startTestServer((request, response) => {
    const reply = replies.get(request.path);
    const [status, body] = typeof reply === "function" ? reply(request) : (reply ?? defaultReply(request));
    sendJson(response, status, body);
  });
  bindApiToStores();
  configureApi({ baseURL: server.url });
  const calls = (path: string) => server.requests.filter((request) => request.path === path);
  return {
    ...server,
    replies,
    calls,
    body: (path: string) => JSON.parse(calls(path).at(-1)!.rawBody) as Record<string, unknown>,
    reset() {
      ticketCount = 0;
      replies.clear();
      server.requests.length = 0;
    },
  };
}
