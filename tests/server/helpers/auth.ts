// Helpers for the account tests: a movable clock, the browser's password encryption (WebCrypto
// RSA-OAEP/SHA-256, exactly what the PWA does), and a small client that drives the sign-in
// routes through app.inject, reads codes from /__dev/outbox like a person reads their SMS and
// solves the captcha like the widget does.
import { randomBytes } from "node:crypto";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function testClock(start = Date.now()): TestClock {
  let current = start;
  return { now: () => new Date(current), advance: (ms) => void (current += ms) };
}

/** Encrypts like the browser: RSA-OAEP, SHA-256 (OAEP and MGF1), empty label, base64. */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const der = Buffer.from(publicKeyPem.replace(/-----[A-Z ]+-----/g, "").replace(/\s/g, ""), "base64");
  const key = await crypto.subtle.importKey("spki", der, { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
  const ciphertext = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(password));
  return Buffer.from(ciphertext).toString("base64");
}

/** A fresh unique e-mail address per call. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

let phoneCounter = 0;
/** A fresh valid mainland number per call (139xxxxxxxx, never the 138 demo number). */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `139${String(process.pid % 1000).padStart(3, "0")}${String(phoneCounter).padStart(5, "0")}`;
}

export interface CallOptions {
  system?: 13 | 14;
  token?: string;
  ip?: string;
  language?: string;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export class AuthClient {
  private publicKey: string | undefined;
  private ipCounter = 0;

  constructor(readonly app: FastifyInstance) {}

  /** A different client address per call, so the per-IP code limit stays out of the way. */
  nextIp(): string {
    this.ipCounter += 1;
    return `198.51.${(this.ipCounter >> 8) & 255}.${this.ipCounter & 255}`;
  }

  async call(
    method: "GET" | "POST",
    url: string,
    body?: object,
    options: CallOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { "system-id": String(options.system ?? 14) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.language) headers["x-language"] = options.language;
    return this.app.inject({
      method,
      url,
      headers,
      remoteAddress: options.ip ?? "203.0.113.9",
      ...(body === undefined ? {} : { payload: body }),
    });
  }

  async json<T = unknown>(
    method: "GET" | "POST",
    url: string,
    body?: object,
    options?: CallOptions,
  ): Promise<Envelope<T>> {
    return (await this.call(method, url, body, options)).json<Envelope<T>>();
  }

  async encrypt(password: string): Promise<string> {
    this.publicKey ??= (await this.json<{ public_key: string }>("GET", "/v1/user/ocean/public-key")).data.public_key;
    return encryptPassword(this.publicKey, password);
  }

  /** Requests a code (expects success) and returns it as read from the outbox. */
  async code(loginId: string, options: CallOptions & { eventType?: 5 | 10 } = {}): Promise<string> {
    const system = options.system ?? (options.eventType === 5 ? 13 : 14);
    const response = await this.call(
      "POST",
      "/v1/user/ocean/sms/valid-code",
      { login_id: loginId, event_type: options.eventType ?? (system === 13 ? 5 : 10), from_system: system },
      { ip: options.ip ?? this.nextIp(), ...options, system },
    );
    expect(response.json(), `sending a code to ${loginId}`).toMatchObject({ code: 0 });
    return this.lastCode(loginId);
  }

  async outbox(to: string): Promise<Array<{ to: string; channel: string; text: string; created_at: string }>> {
    const response = await this.app.inject({ method: "GET", url: `/__dev/outbox?to=${encodeURIComponent(to)}` });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  async lastCode(to: string): Promise<string> {
    const [latest] = await this.outbox(to);
    const match = latest?.text.match(/\b(\d{6})\b/);
    if (!match) throw new Error(`no code in the outbox for ${to}`);
    return match[1];
  }

  async registerEmail(email: string, password: string, extras: object = {}, options: CallOptions = {}) {
    const code = await this.code(email);
    return this.json<LoginDataBody>(
      "POST",
      "/v1/user/ocean/email/code/register",
      { from_system: 14, email, valid_code: code, password: await this.encrypt(password), ...extras },
      options,
    );
  }

  /** What the captcha widget does: fetch the challenge (no system-id header), solve it, base64 the payload. */
  async solvedCaptchaPayload(): Promise<string> {
    const response = await this.app.inject({ method: "GET", url: "/v1/user/ocean/recaptcha/challenge" });
    expect(response.statusCode).toBe(200);
    const challenge = response.json<Challenge>();
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  }

  /** A fresh captcha key (solve, then validate), for logins after too many failures. */
  async captchaKey(): Promise<string> {
    const answer = await this.json<{ success: boolean; recaptcha_key: string | null }>(
      "POST",
      "/v1/user/ocean/recaptcha/validate",
      { recaptcha_token: await this.solvedCaptchaPayload() },
    );
    expect(answer.data.success).toBe(true);
    return answer.data.recaptcha_key!;
  }

  async passwordLogin(loginId: string, password: string, extras: object = {}, options: CallOptions = {}) {
    return this.json<LoginDataBody>(
      "POST",
      "/v1/user/ocean/phone/password/login-auth",
      {
        from_system: options.system ?? 14,
        login_id: loginId,
        password: await this.encrypt(password),
        login_type: 2,
        ...extras,
      },
      options,
    );
  }
}

export interface LoginDataBody {
  token: string;
  expires: number;
  is_register: boolean;
  nick_name: string;
  user_info: {
    user_id: number;
    nick_name: string;
    email: string | null;
    phone: string | null;
    language: string;
    system_id: number;
  };
}
