// Contact Us messages: validation (the form's own messages) and storage, with
// a per-IP hourly limit counted in the database so it holds across instances.
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contactMessages } from "../../../db/schema";
import { errorFrom } from "../../../lib/domain-error";
import { CONTACT_ERRORS } from "../errors";
import { normalizeEmail } from "../../accounts";

export const CONTACT_MESSAGE_MAX_LENGTH = 2000;
export const CONTACT_HOURLY_LIMIT_PER_IP = 5;
const HOUR_MS = 3_600_000;

const contactError = (name: keyof typeof CONTACT_ERRORS) => errorFrom(CONTACT_ERRORS[name]);

export interface ContactMessageInput {
  email: string;
  message: string;
  userId: number | null;
  ip: string;
  now: Date;
}

export async function saveContactMessage(db: Db, input: ContactMessageInput): Promise<void> {
  const rawEmail = input.email.trim();
  if (!rawEmail) throw contactError("EMAIL_REQUIRED");
  const email = normalizeEmail(rawEmail);
  if (!email) throw contactError("EMAIL_INVALID");
  const message = input.message.trim();
  if (!message) throw contactError("MESSAGE_REQUIRED");

  await db.transaction(async (tx) => {
    // Serialises one IP's sends so concurrent requests cannot all pass the count.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`contact-ip:${input.ip}`}))`);
    const since = new Date(input.now.getTime() - HOUR_MS);
    const [sent] = await tx
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.ip, input.ip), gt(contactMessages.createdAt, since)));
    if (sent.n >= CONTACT_HOURLY_LIMIT_PER_IP) throw contactError("TOO_MANY");
    await tx
      .insert(contactMessages)
      .values({ email, message, userId: input.userId, ip: input.ip, createdAt: input.now });
  });
}
