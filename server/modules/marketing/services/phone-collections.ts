// The phone-collection dialog's answers (docs/marketing.md): validating a country code and phone
// number (country code + and 1-4 digits; the number 6-14 digits once spaces and dashes are
// removed, else 71020 'Please enter a valid phone number'), keeping the latest per user, reading
// it back.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { phoneCollections } from "../../../db/schema";
import { marketingError } from "../errors";

const COUNTRY_CODE = /^\+\d{1,4}$/;
const PHONE_DIGITS = /^\d{6,14}$/;

export interface CollectedPhone {
  countryCode: string;
  phone: string;
}

/** The phone as stored (digits only), or 71020 when either part is not valid. */
export function validPhone(countryCode: string, phone: string): CollectedPhone {
  const code = countryCode.trim();
  const digits = phone.replace(/[\s-]/g, "");
  if (!COUNTRY_CODE.test(code) || !PHONE_DIGITS.test(digits)) throw marketingError("INVALID_PHONE");
  return { countryCode: code, phone: digits };
}

/** Keeps `phone` as the user's answer (replacing an earlier one). */
export async function savePhone(db: Db, userId: number, phone: CollectedPhone, now: Date): Promise<void> {
  await db
    .insert(phoneCollections)
    .values({ userId, ...phone, updatedAt: now })
    .onConflictDoUpdate({ target: phoneCollections.userId, set: { ...phone, updatedAt: now } });
}

export async function phoneOf(db: Db, userId: number): Promise<CollectedPhone | null> {
  const [row] = await db
    .select({ countryCode: phoneCollections.countryCode, phone: phoneCollections.phone })
    .from(phoneCollections)
    .where(eq(phoneCollections.userId, userId));
  return row ?? null;
}
