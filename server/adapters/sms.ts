// The SMS adapter: how a text message (a phone verification code) leaves the server when the
// outbox is not used. One provider today, Twilio's Messages REST API
// (POST {SMS_API_URL}/2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth with the
// Account SID and Auth Token, form fields To, From or MessagingServiceSid, and Body; 201 with
// the message resource on success, {code, message, more_info, status} on failure, 429 with
// code 20429 when throttled). It is called with fetch rather than through the official
// `twilio` package: that package builds its hosts as {product}.{edge}.{region}.twilio.com and
// has no base-URL option (tests could only reach a local stand-in by replacing its HTTP
// client), and it would add axios, jsonwebtoken, xmlbuilder and more for one POST.
import type { Config, SmsProvider } from "../config";

export interface SmsReceipt {
  /** The provider's id of the message (Twilio: SM...). */
  id: string;
}

export interface SmsSender {
  readonly provider: SmsProvider;
  /** Sends `text` to `to` (E.164, or a bare mainland number); throws SmsError when refused. */
  send: (to: string, text: string) => Promise<SmsReceipt>;
}

/** The provider refused or failed a message; the message never quotes the text sent. */
export class SmsError extends Error {
  override name = "SmsError";
  constructor(
    /** HTTP status of the provider's answer; 0 when there was no answer. */
    readonly status: number,
    /** The provider's error code (Twilio: 21211 bad number, 20429 throttled ...), when given. */
    readonly providerCode: number | null,
    message: string,
  ) {
    super(message);
  }

  /** The provider asked us to slow down. */
  get throttled(): boolean {
    return this.status === 429;
  }
}

/** How long one send may take before it counts as failed. */
export const SMS_TIMEOUT_MS = 10_000;

const TWILIO_API_VERSION = "2010-04-01";
// A Messaging Service SID: "MG" and 32 hex digits; sent as MessagingServiceSid instead of From.
const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/i;

/** The Chinese edition's phone numbers are bare mainland numbers; providers want E.164. */
export function toE164(phone: string): string {
  const trimmed = phone.replace(/[\s-]/g, "");
  if (trimmed.startsWith("+")) return trimmed;
  return /^1\d{10}$/.test(trimmed) ? `+86${trimmed}` : `+${trimmed}`;
}

export interface TwilioOptions {
  /** Base URL, https://api.twilio.com in production. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** A phone number, an alphanumeric sender id or a Messaging Service SID. */
  from: string;
}

interface TwilioAnswer {
  sid?: unknown;
  code?: unknown;
  message?: unknown;
}

export function twilioSms({ apiUrl, accountSid, authToken, from }: TwilioOptions): SmsSender {
  const url = new URL(
    `${TWILIO_API_VERSION}/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
    apiUrl.endsWith("/") ? apiUrl : `${apiUrl}/`,
  );
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const sender: [string, string] = [MESSAGING_SERVICE_SID.test(from) ? "MessagingServiceSid" : "From", from];
  return {
    provider: "twilio",
    async send(to, text) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { authorization, accept: "application/json" },
          body: new URLSearchParams([["To", toE164(to)], sender, ["Body", text]]),
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsError(0, null, `Twilio could not be reached: ${(error as Error)?.name ?? "error"}`);
      }
      const answer = (await response.json().catch(() => ({}))) as TwilioAnswer;
      if (response.ok && typeof answer.sid === "string") return { id: answer.sid };
      const code = typeof answer.code === "number" ? answer.code : null;
      const reason = typeof answer.message === "string" ? answer.message : response.statusText;
      throw new SmsError(response.status, code, `Twilio refused the message (HTTP ${response.status}): ${reason}`);
    },
  };
}

/** The configured provider, or null when SMS_PROVIDER is unset. */
export function createSmsSender(
  config: Pick<Config, "smsProvider" | "smsApiUrl" | "smsAccountId" | "smsAuthToken" | "smsFrom">,
): SmsSender | null {
  if (config.smsProvider !== "twilio") return null;
  // loadConfig requires the three with SMS_PROVIDER.
  return twilioSms({
    apiUrl: config.smsApiUrl,
    accountSid: config.smsAccountId ?? "",
    authToken: config.smsAuthToken ?? "",
    from: config.smsFrom ?? "",
  });
}
