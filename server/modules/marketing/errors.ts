// The marketing module's error catalogue: every business code its routes answer (contract
// MARKETING_CODES, which the app translates), with HTTP status and English message, as listed in
// docs/marketing.md.
import { MARKETING_CODES } from "../../../contract/marketing";
import { DomainError, errorFrom, type ErrorEntry } from "../../lib/domain-error";

export const MARKETING_ERRORS = {
  DISCOUNT_NOT_FOUND: { status: 404, code: MARKETING_CODES.DISCOUNT_NOT_FOUND, msg: "Discount not found" },
  DISCOUNT_NOT_USABLE: {
    status: 409,
    code: MARKETING_CODES.DISCOUNT_NOT_USABLE,
    msg: "This discount cannot be used on your account now",
  },
  DISCOUNT_PLAN_MISMATCH: {
    status: 400,
    code: MARKETING_CODES.DISCOUNT_PLAN_MISMATCH,
    msg: "This discount is for another plan or billing cycle",
  },
  DISCOUNT_ALREADY_RECEIVED: {
    status: 409,
    code: MARKETING_CODES.DISCOUNT_ALREADY_RECEIVED,
    msg: "You have already received this discount",
  },
  ACTIVITY_NOT_FOUND: { status: 404, code: MARKETING_CODES.ACTIVITY_NOT_FOUND, msg: "Activity not found" },
  ACTIVITY_NOT_STARTED: {
    status: 409,
    code: MARKETING_CODES.ACTIVITY_NOT_STARTED,
    msg: "This activity has not started yet",
  },
  ACTIVITY_ENDED: { status: 409, code: MARKETING_CODES.ACTIVITY_ENDED, msg: "This activity has ended" },
  ACTIVITY_ALREADY_CLAIMED: {
    status: 409,
    code: MARKETING_CODES.ACTIVITY_ALREADY_CLAIMED,
    msg: "You have already claimed this activity's VIP",
  },
  ACTIVITY_SOLD_OUT: {
    status: 409,
    code: MARKETING_CODES.ACTIVITY_SOLD_OUT,
    msg: "All of this activity's VIP has been claimed",
  },
  INVALID_PHONE: { status: 400, code: MARKETING_CODES.INVALID_PHONE, msg: "Please enter a valid phone number" },
} as const satisfies Record<string, ErrorEntry>;

export type MarketingErrorName = keyof typeof MARKETING_ERRORS;

export function marketingError(name: MarketingErrorName, detail?: string): DomainError {
  return errorFrom(MARKETING_ERRORS[name], detail);
}
