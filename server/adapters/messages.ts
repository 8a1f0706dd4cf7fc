// The messages adapter: how verification codes reach people. `outbox` (demo mode's default)
// stores every message, e-mail and SMS alike, in the outbox table, which /__dev/outbox shows,
// so the whole sign-up flow works offline; otherwise e-mail goes through SMTP (nodemailer) or
// nowhere (`none`), and text messages through the SMS provider (adapters/sms.ts) or nowhere.
// The code message templates per language live here too, beside the only thing that sends them.
import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { outbox } from "../db/schema";
import { createSmsSender, type SmsSender } from "./sms";

export type Channel = "sms" | "email";

export interface Message {
  to: string;
  channel: Channel;
  text: string;
  /** E-mail subject; SMS has none. */
  subject?: string;
}

export interface MessageSender {
  readonly transport: Config["messagesTransport"];
  supports: (channel: Channel) => boolean;
  send: (message: Message) => Promise<void>;
}

export function outboxSender(db: Db): MessageSender {
  return {
    transport: "outbox",
    supports: () => true,
    async send({ to, channel, text }) {
      await db.insert(outbox).values({ to, channel, text });
    },
  };
}

export function smtpSender(smtpUrl: string, from: string): MessageSender {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: "smtp",
    supports: (channel) => channel === "email",
    async send({ to, channel, text, subject }) {
      if (channel !== "email") throw new Error("the smtp transport sends e-mail only");
      await transporter.sendMail({ from, to, subject: subject ?? "ShopRadar", text });
    },
  };
}

/** E-mail through `email` (null = none), text messages through `sms` (null = none). */
export function channelSender(
  transport: Config["messagesTransport"],
  email: MessageSender | null,
  sms: SmsSender | null,
): MessageSender {
  return {
    transport,
    supports: (channel) => (channel === "sms" ? sms !== null : email !== null),
    async send(message) {
      if (message.channel === "sms") {
        if (!sms) throw new Error("no SMS provider is configured");
        await sms.send(message.to, message.text);
      } else {
        if (!email) throw new Error("no e-mail transport is configured");
        await email.send(message);
      }
    },
  };
}

export function createMessageSender(
  config: Pick<
    Config,
    | "messagesTransport"
    | "smtpUrl"
    | "smtpFrom"
    | "smsProvider"
    | "smsApiUrl"
    | "smsAccountId"
    | "smsAuthToken"
    | "smsFrom"
  >,
  db: Db,
): MessageSender {
  if (config.messagesTransport === "outbox") return outboxSender(db);
  const email = config.messagesTransport === "smtp" ? smtpSender(config.smtpUrl!, config.smtpFrom) : null;
  return channelSender(config.messagesTransport, email, createSmsSender(config));
}

export const MESSAGE_LANGUAGES = ["zh", "en", "vi", "id", "th"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

const CODE_TEMPLATES: Record<MessageLanguage, { subject: string; text: string }> = {
  zh: { subject: "ShopRadar 验证码", text: "您的 ShopRadar 验证码是 {code}，10 分钟内有效。" },
  en: {
    subject: "Your ShopRadar verification code",
    text: "Your ShopRadar verification code is {code}. It expires in 10 minutes.",
  },
  vi: {
    subject: "Mã xác minh ShopRadar của bạn",
    text: "Mã xác minh ShopRadar của bạn là {code}. Mã hết hạn sau 10 phút.",
  },
  id: {
    subject: "Kode verifikasi ShopRadar Anda",
    text: "Kode verifikasi ShopRadar Anda adalah {code}. Kode berlaku selama 10 menit.",
  },
  th: { subject: "รหัสยืนยัน ShopRadar ของคุณ", text: "รหัสยืนยัน ShopRadar ของคุณคือ {code} รหัสจะหมดอายุใน 10 นาที" },
};

/** "zh_CN", "en-US", "vi" ... → one of the five languages (English when unknown). */
export function messageLanguage(raw: string | undefined | null): MessageLanguage {
  const prefix = (raw ?? "").trim().toLowerCase().slice(0, 2);
  return MESSAGE_LANGUAGES.find((language) => language === prefix) ?? "en";
}

export function codeMessage(language: MessageLanguage, code: string): { subject: string; text: string } {
  const template = CODE_TEMPLATES[language];
  return { subject: template.subject, text: template.text.replace("{code}", code) };
}
