// The test-card form of the hosted pages, checked as a PSP checks a card: the number by Luhn
// (spaces and dashes allowed) with a brand from its first digit (4 Visa, 5 Mastercard,
// 3 American Express), the expiry as MM/YY in the future (a card is valid through its month),
// and a 3 or 4 digit CVC. A few numbers behave as a PSP's test cards do (docs/commerce.md): 4000
// 0000 0000 0002 is declined, 4000 0000 0000 0341 is saved but declines every off-session
// charge; any other valid number succeeds. What comes out is what may be kept (brand, last 4,
// expiry): never the number or the CVC.

export const TEST_CARDS = {
  visa: "4242424242424242",
  mastercard: "5555555555554444",
  declined: "4000000000000002",
  declinesOffSession: "4000000000000341",
} as const;

const BRANDS: Readonly<Record<string, string>> = { "4": "visa", "5": "mastercard", "3": "amex" };

/** The form's fields as posted (absent fields as empty text). */
export interface CardFormInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
  failNext: boolean;
}

/** A checked card: what may be stored of it, and how the sandbox treats it. */
export interface CheckedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The payment (or setup) that enters it is declined. */
  declined: boolean;
  /** Saved, but every off-session charge declines. */
  alwaysDecline: boolean;
  /** The tester ticked "Fail the next charge of this card". */
  failNextCharge: boolean;
}

export type CardCheck = { ok: true; card: CheckedCard } | { ok: false; message: string };

export const CARD_MESSAGES = {
  number: "Enter a valid card number, such as 4242 4242 4242 4242.",
  brand: "This test gateway takes Visa (4...), Mastercard (5...) and American Express (3...) numbers.",
  expiryFormat: "Enter the expiry as MM/YY, for example 12/30.",
  expired: "This card has expired: enter an expiry date in the future.",
  cvc: "Enter the 3 or 4 digit CVC.",
} as const;

/** Whether a string of digits passes the Luhn check. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The expiry the form is prefilled with: December, three years from now ("12/29"). */
export function defaultExpiry(now: Date): string {
  return `12/${String((now.getUTCFullYear() + 3) % 100).padStart(2, "0")}`;
}

function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Checks the posted form; a message for the payer when something is wrong. */
export function checkCard(input: CardFormInput, now: Date): CardCheck {
  const digits = input.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return { ok: false, message: CARD_MESSAGES.number };
  const brand = BRANDS[digits[0]];
  if (brand === undefined) return { ok: false, message: CARD_MESSAGES.brand };
  const expiry = parseExpiry(input.expiry);
  if (!expiry) return { ok: false, message: CARD_MESSAGES.expiryFormat };
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (expiry.year * 12 + (expiry.month - 1) < thisMonth) return { ok: false, message: CARD_MESSAGES.expired };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, message: CARD_MESSAGES.cvc };
  return {
    ok: true,
    card: {
      brand,
      last4: digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      declined: digits === TEST_CARDS.declined,
      alwaysDecline: digits === TEST_CARDS.declinesOffSession,
      failNextCharge: input.failNext,
    },
  };
}
