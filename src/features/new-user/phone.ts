// The phone-collection form's rules, as the server checks them (docs/marketing.md "Phone
// collection"): a country code of the list, and 6 to 14 digits once spaces and dashes are gone.

/** Country codes offered: Vietnam, Indonesia, Thailand, Malaysia, the Philippines, Singapore, China. */
export const COUNTRY_CODES = ["+84", "+62", "+66", "+60", "+63", "+65", "+86"] as const;

/** The digits of a typed number (spaces and dashes dropped), or null when it is not 6-14 digits. */
export function phoneDigits(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, "");
  return /^\d{6,14}$/.test(digits) ? digits : null;
}
