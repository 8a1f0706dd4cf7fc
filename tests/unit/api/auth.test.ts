// The sign-in API group against a real local HTTP server: paths, methods, snake_case bodies
// with the spec's constants (event type, from system, login type, channel), the extra header
// of the valid-code path, passwords arriving RSA-OAEP encrypted (decrypted here exactly as the
// server does), the public key fetched once, and the Google check silenced for e-mail logins.
import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as auth from "../../../src/api/auth";
import { confirmSupportContactAdded, supportContact } from "../../../src/api/support-contact";
import { configureApi } from "../../../src/api/client";
import { currentCombo } from "../../../src/api/subscription";
import { bindApiToStores } from "../../../src/boot/api-bindings";
import { userState } from "../../../src/state/user";
import { sendJson, startTestServer, type RecordedRequest, type TestServer } from "../helpers/test-server";

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PUBLIC_PEM = publicKey.export({ type: "spki", format: "pem" }).toString();
const decrypt = (base64: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(base64, "base64"),
  ).toString();

const LOGIN = {
  token: "tok-new",
  expires: 604_800_000,
  is_register: true,
  nick_name: "ann",
  user_info: { user_id: 5, nick_name: "ann", email: "ann@example.com", phone: null, language: "en", system_id: 14 },
};

let server: TestServer;
/** The next answer for a path (default: code 0 with LOGIN or null). */
const replies = new Map<string, [number, unknown]>();

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === "/v1/user/ocean/public-key")
      return sendJson(response, 200, { code: 0, data: { public_key: PUBLIC_PEM } });
    const [status, body] = replies.get(request.path) ?? [200, { code: 0, data: LOGIN }];
    sendJson(response, status, body);
  });
  bindApiToStores();
  configureApi({ baseURL: server.url });
});

afterAll(() => server.close());

beforeEach(() => {
  replies.clear();
  server.requests.length = 0;
  userState.googleCheck = false;
});

const last = (path: string): RecordedRequest => server.requests.filter((request) => request.path === path).at(-1)!;
const body = (path: string) => JSON.parse(last(path).rawBody) as Record<string, unknown>;

describe("verification codes", () => {
  test("overseas: event type 10, from system 14, English, with the scene header", async () => {
    await auth.sendValidCode({ loginId: "ann@example.com", scene: "register", systemId: 14, locale: "vi" });
    const request = last("/v1/user/ocean/sms/valid-code");
    expect(request.method).toBe("POST");
    expect(request.headers["x-valid-code-scene"]).toBe("register");
    expect(JSON.parse(request.rawBody)).toEqual({
      login_id: "ann@example.com",
      event_type: 10,
      from_system: 14,
      language: "en",
    });
  });

  test("Chinese: event type 5, from system 13, zh", async () => {
    await auth.sendValidCode({ loginId: "13812345678", scene: "login", systemId: 13, locale: "zh" });
    expect(body("/v1/user/ocean/sms/valid-code")).toEqual({
      login_id: "13812345678",
      event_type: 5,
      from_system: 13,
      language: "zh",
    });
  });

  test("a refused send rejects with the server's code and message", async () => {
    replies.set("/v1/user/ocean/sms/valid-code", [
      429,
      { code: 60024, msg: "Please wait 42 seconds before requesting another code", data: null },
    ]);
    await expect(
      auth.sendValidCode({ loginId: "ann@example.com", scene: "login", systemId: 14, locale: "en" }),
    ).rejects.toMatchObject({
      code: 60024,
      msg: "Please wait 42 seconds before requesting another code",
      status: 429,
    });
  });
});

describe("logins", () => {
  test("phone + code (Chinese): phone number, code, from system 13, channel, invite code; camelCase answer", async () => {
    const login = await auth.phoneCodeLogin({
      phoneNumber: "13812345678",
      validCode: "123456",
      channelId: 1,
      inviteCode: "INV1",
    });
    expect(body("/v1/user/activity/phone/code/register-login")).toEqual({
      phone_number: "13812345678",
      valid_code: "123456",
      from_system: 13,
      channel_id: 1,
      invite_code: "INV1",
    });
    expect(login).toMatchObject({
      token: "tok-new",
      isRegister: true,
      userInfo: { userId: 5, email: "ann@example.com" },
    });
  });

  test("password login sends the password encrypted, login type 2 and the captcha key; the key is fetched once", async () => {
    await auth.passwordLogin({
      loginId: "ann@example.com",
      password: "  Secret#1 密码  ",
      systemId: 14,
      channelId: 3,
      recaptchaKey: "key-1",
    });
    await auth.passwordLogin({ loginId: "13812345678", password: "other", systemId: 13, channelId: 1 });
    const requests = server.requests.filter((request) => request.path === "/v1/user/ocean/phone/password/login-auth");
    const [first, second] = requests.map((request) => JSON.parse(request.rawBody) as Record<string, unknown>);
    expect(first).toMatchObject({
      from_system: 14,
      login_id: "ann@example.com",
      login_type: 2,
      channel_id: 3,
      recaptcha_key: "key-1",
    });
    expect(first.password).not.toContain("Secret");
    expect(decrypt(first.password as string)).toBe("Secret#1 密码");
    expect(second).not.toHaveProperty("recaptcha_key");
    expect(decrypt(second.password as string)).toBe("other");
    expect(server.requests.filter((request) => request.path === "/v1/user/ocean/public-key")).toHaveLength(1);
  });

  test("60078 raises the Google check for a phone login, not for an e-mail login or registration", async () => {
    replies.set("/v1/user/ocean/phone/password/login-auth", [400, { code: 60078, msg: "Google account", data: null }]);
    replies.set("/v1/user/ocean/email/code/register", [400, { code: 60078, msg: "Google account", data: null }]);
    await expect(
      auth.passwordLogin({ loginId: "ann@example.com", password: "x", systemId: 14, channelId: 1 }),
    ).rejects.toMatchObject({ code: 60078 });
    await expect(
      auth.emailRegister({ email: "ann@example.com", validCode: "1", password: "x", channelId: 1, inviteCode: "" }),
    ).rejects.toMatchObject({
      code: 60078,
    });
    expect(userState.googleCheck).toBe(false);
    await expect(
      auth.passwordLogin({ loginId: "13812345678", password: "x", systemId: 14, channelId: 1 }),
    ).rejects.toMatchObject({ code: 60078 });
    expect(userState.googleCheck).toBe(true);
  });

  test("e-mail registration: from system 14, encrypted password, channel; no empty invite code", async () => {
    await auth.emailRegister({
      email: "new@example.com",
      validCode: "654321",
      password: "Pass-word-9",
      channelId: 1,
      inviteCode: "",
    });
    const sent = body("/v1/user/ocean/email/code/register");
    expect(sent).toMatchObject({ from_system: 14, email: "new@example.com", valid_code: "654321", channel_id: 1 });
    expect(sent).not.toHaveProperty("invite_code");
    expect(decrypt(sent.password as string)).toBe("Pass-word-9");
  });

  test("password reset by code", async () => {
    await auth.resetPassword({ loginId: "ann@example.com", validCode: "111222", password: "New-pass-1", systemId: 14 });
    const sent = body("/v1/user/ocean/phone/password/update");
    expect(sent).toMatchObject({ from_system: 14, login_id: "ann@example.com", valid_code: "111222" });
    expect(decrypt(sent.password as string)).toBe("New-pass-1");
  });
});

describe("account check, Google, captcha, support contact, combo", () => {
  test("exist-user is a GET with account and from_system 14, answering a boolean", async () => {
    replies.set("/v1/user/ocean/exist-user/", [200, { code: 0, data: false }]);
    await expect(auth.accountExists("new@example.com")).resolves.toBe(false);
    expect(last("/v1/user/ocean/exist-user/").query.toString()).toBe("account=new%40example.com&from_system=14");
    replies.set("/v1/user/ocean/exist-user/", [200, { code: 0, data: true }]);
    await expect(auth.accountExists("ann@example.com")).resolves.toBe(true);
  });

  test("Google: client id, authorization URL, code exchange", async () => {
    replies.set("/v1/user/third-login/client-id/google", [200, { code: 0, data: { client_id: "cid.apps" } }]);
    await expect(auth.googleClientId()).resolves.toBe("cid.apps");
    replies.set("/v1/user/third-login/client-id/google", [
      400,
      { code: 60050, msg: "Google sign-in is not configured", data: null },
    ]);
    await expect(auth.googleClientId()).rejects.toMatchObject({ code: 60050 });

    replies.set("/v1/user/third-login/url/google", [200, { code: 0, data: "https://accounts.example/auth?x=1" }]);
    await expect(
      auth.googleAuthUrl({
        redirectUri: "http://127.0.0.1:8099/auth",
        nonceHash: "h".repeat(43),
        inviteCode: "INV",
        channelId: 2,
      }),
    ).resolves.toBe("https://accounts.example/auth?x=1");
    expect(Object.fromEntries(last("/v1/user/third-login/url/google").query)).toEqual({
      system_id: "14",
      redirect_uri: "http://127.0.0.1:8099/auth",
      nonce_hash: "h".repeat(43),
      invite_code: "INV",
      channel_id: "2",
    });

    await auth.googleCodeAuth({ code: "c0de", state: "st", redirectUri: "http://127.0.0.1:8099/auth", nonce: "n0nce" });
    const exchange = last("/v1/user/third-login/code-auth/google");
    expect(exchange.query.toString()).toBe("system_id=14");
    expect(JSON.parse(exchange.rawBody)).toEqual({
      code: "c0de",
      state: "st",
      redirect_uri: "http://127.0.0.1:8099/auth",
      nonce: "n0nce",
    });
  });

  test("captcha validation sends the payload and is silent on failure", async () => {
    replies.set("/v1/user/ocean/recaptcha/validate", [200, { code: 0, data: { success: true, recaptcha_key: "k-1" } }]);
    await expect(auth.validateCaptcha("cGF5bG9hZA==")).resolves.toEqual({ success: true, recaptchaKey: "k-1" });
    expect(body("/v1/user/ocean/recaptcha/validate")).toEqual({ recaptcha_token: "cGF5bG9hZA==" });
  });

  test("support contact and add status carry the session", async () => {
    userState.token = "tok-s";
    replies.set("/v1/user/mengla/wechat/qrcode", [
      200,
      { code: 0, data: { status: true, contact_name: "Li", contact_id: "li-01", qr_code: "li-01" } },
    ]);
    await expect(supportContact()).resolves.toEqual({
      status: true,
      contactName: "Li",
      contactId: "li-01",
      qrCode: "li-01",
    });
    await confirmSupportContactAdded();
    expect(last("/v1/user/mengla/wechat/addStatus").headers.authorization).toBe("tok-s");
    userState.token = "";
  });

  test("current combo: the list, or empty when there is none", async () => {
    replies.set("/v1/user/accounts/current-combo", [
      200,
      { code: 0, data: [{ id: 3, plan: "basic", end_time: "2026-12-01T00:00:00.000Z", days_to_end_time: 1 }] },
    ]);
    await expect(currentCombo(14)).resolves.toEqual([
      { id: 3, plan: "basic", endTime: "2026-12-01T00:00:00.000Z", daysToEndTime: 1 },
    ]);
    expect(last("/v1/user/accounts/current-combo").query.toString()).toBe("system_id=14");
    replies.set("/v1/user/accounts/current-combo", [200, { code: 0, data: null }]);
    await expect(currentCombo(13)).resolves.toEqual([]);
  });
});
