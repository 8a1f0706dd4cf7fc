// Everything the account routes need, built once per app: the database, config, a clock
// (injectable, so tests move time instead of faking timers), the adapters chosen by config,
// and the keys loaded or generated at boot.
import { createAltcha, type Captcha } from "../../../adapters/captcha";
import { createGoogleSignIn, type GoogleSignIn } from "../../../adapters/google";
import { createMessageSender, type MessageSender } from "../../../adapters/messages";
import { createWechatApi, type WechatApi } from "../adapters/wechat";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import type { RequestOrigin } from "../../../lib/request-origin";
import { loadPasswordTransport, type PasswordTransport } from "./password-transport";
import { loadSecrets } from "./server-keys";
import type { CodeKeys } from "./verification-codes";
import { createWechatTickets, type WechatTickets } from "./wechat-tickets";

/** What the onUserRegistered hook hears after a sign-up committed. */
export interface UserRegistered {
  userId: number;
  inviteCode: string | null;
  origin: RequestOrigin;
  now: Date;
}

/** Told of every new account; it must not throw (a failure there never undoes the sign-up). */
export type OnUserRegistered = (event: UserRegistered) => Promise<void>;

export interface AuthContext {
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  messages: MessageSender;
  codeKeys: CodeKeys;
  passwords: PasswordTransport;
  captcha: Captcha;
  /** null when GOOGLE_CLIENT_ID is unset. */
  google: GoogleSignIn | null;
  /** null when WECHAT_APP_ID is unset. */
  wechat: { api: WechatApi; tickets: WechatTickets } | null;
  /** Told of each new account after its sign-up committed (app.ts: marketing's invite credit). */
  onUserRegistered: OnUserRegistered | null;
}

export async function createAuthContext(
  db: Db,
  config: Readonly<Config>,
  now: Clock,
  onUserRegistered: OnUserRegistered | null = null,
): Promise<AuthContext> {
  const secrets = await loadSecrets(db, config.serverSecret);
  return {
    db,
    config,
    now,
    messages: createMessageSender(config, db),
    codeKeys: { pepper: secrets.derive("verification-code") },
    passwords: await loadPasswordTransport(db, config.rsaPrivateKey),
    captcha: createAltcha({
      signatureSecret: secrets.derive("altcha-signature").toString("hex"),
      keySignatureSecret: secrets.derive("altcha-key-signature").toString("hex"),
      maxCounter: config.captchaMaxCounter,
    }),
    google: createGoogleSignIn(config, secrets.derive("google-state")),
    wechat: wechatOf(config, now, secrets.derive("wechat-ticket")),
    onUserRegistered,
  };
}

function wechatOf(config: Readonly<Config>, now: Clock, ticketSecret: Uint8Array): AuthContext["wechat"] {
  const api = createWechatApi(config, now);
  return api && { api, tickets: createWechatTickets(ticketSecret) };
}
