// The messages adapter: how verification codes reach people. `outbox` (the default) stores
// each message in the outbox table, which /__dev/outbox shows, so the whole sign-up flow works
// offline; `smtp` sends e-mail through nodemailer (there is no SMS provider yet). The code
// message templates per language live here too, beside the only thing that sends them.
import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { outbox } from "../db/schema";

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

export function createMessageSender(
  config: Pick<Config, "messagesTransport" | "smtpUrl" | "smtpFrom">,
  db: Db,
): MessageSender {
  if (config.messagesTransport === "smtp") return smtpSender(config.smtpUrl!, config.smtpFrom);
  return outboxSender(db);
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
