// The commerce module's error catalogue: every business code its routes answer (contract
// COMMERCE_CODES, which the app translates), with HTTP status and English message, as listed in
// docs/commerce.md. Errors that name something for the app to act on (the open order of a
// duplicate pre-payment, the tip of a coupon that does not apply) carry it in `data`.
import { COMMERCE_CODES, type CouponTip } from "../../../contract/commerce";
import { DomainError, errorFrom, type ErrorEntry } from "../../lib/domain-error";
import { formatUsd } from "./services/money";

export const COMMERCE_ERRORS = {
  UNPAID_ORDER_EXISTS: {
    status: 409,
    code: COMMERCE_CODES.UNPAID_ORDER_EXISTS,
    msg: "Unpaid order exists, do not place duplicate.",
  },
  ORDER_NOT_FOUND: { status: 404, code: COMMERCE_CODES.ORDER_NOT_FOUND, msg: "Order not found" },
  ORDER_NOT_PAYABLE: {
    status: 409,
    code: COMMERCE_CODES.ORDER_NOT_PAYABLE,
    msg: "This order can no longer be paid. Please place a new order.",
  },
  ORDER_NOT_CANCELABLE: {
    status: 409,
    code: COMMERCE_CODES.ORDER_NOT_CANCELABLE,
    msg: "This order can no longer be canceled.",
  },
  METHOD_VIETNAM_ONLY: {
    status: 400,
    code: COMMERCE_CODES.METHOD_VIETNAM_ONLY,
    msg: "This payment method is only available to users in Vietnam.",
  },
  METHOD_NOT_IN_COUNTRY: {
    status: 400,
    code: COMMERCE_CODES.METHOD_NOT_IN_COUNTRY,
    msg: "This payment method is not available in the chosen country",
  },
  COUPON_NOT_APPLICABLE: {
    status: 400,
    code: COMMERCE_CODES.COUPON_NOT_APPLICABLE,
    msg: "The coupon cannot be used for this order",
  },
  PAYMENT_FAILED: {
    status: 502,
    code: COMMERCE_CODES.PAYMENT_FAILED,
    msg: "Payment failed. If there's a problem, please contact us.",
  },
  PAYMENTS_UNAVAILABLE: {
    status: 503,
    code: COMMERCE_CODES.PAYMENTS_UNAVAILABLE,
    msg: "Payments are not available at the moment.",
  },
  SUBSCRIPTION_NOT_FOUND: { status: 404, code: COMMERCE_CODES.SUBSCRIPTION_NOT_FOUND, msg: "Subscription not found" },
  SAVED_METHOD_NOT_FOUND: { status: 404, code: COMMERCE_CODES.SAVED_METHOD_NOT_FOUND, msg: "Payment method not found" },
  SETUP_NOT_COMPLETED: {
    status: 409,
    code: COMMERCE_CODES.SETUP_NOT_COMPLETED,
    msg: "The card or wallet was not authorised. Please try again.",
  },
  METHOD_NOT_RECURRING: {
    status: 400,
    code: COMMERCE_CODES.METHOD_NOT_RECURRING,
    msg: "This payment method cannot be saved for renewals.",
  },
  NOTHING_TO_UPGRADE: {
    status: 409,
    code: COMMERCE_CODES.NOTHING_TO_UPGRADE,
    msg: "You have no paid plan to upgrade. Choose a plan at checkout.",
  },
  DOWNGRADE_REFUSED: {
    status: 400,
    code: COMMERCE_CODES.DOWNGRADE_REFUSED,
    msg: "Downgrades are not available: your plan stays until its end date.",
  },
  NOT_AN_UPGRADE: {
    status: 400,
    code: COMMERCE_CODES.NOT_AN_UPGRADE,
    msg: "This is your current plan: renew it at checkout.",
  },
  EXPERIENCE_ALREADY_CLAIMED: {
    status: 409,
    code: COMMERCE_CODES.EXPERIENCE_ALREADY_CLAIMED,
    msg: "You have already claimed the 3-day trial.",
  },
  EXPERIENCE_NOT_ELIGIBLE: {
    status: 409,
    code: COMMERCE_CODES.EXPERIENCE_NOT_ELIGIBLE,
    msg: "The 3-day trial is for members without a paid plan.",
  },
  UNKNOWN_METHOD: { status: 400, code: 400, msg: "Unknown payment method" },
  UNKNOWN_CURRENCY: { status: 400, code: 400, msg: "Unknown currency" },
  BAD_WEBHOOK: { status: 400, code: 400, msg: "Webhook refused" },
} as const satisfies Record<string, ErrorEntry>;

export type CommerceErrorName = keyof typeof COMMERCE_ERRORS;

/** What a commerce error may carry for the app (envelope `data`). */
export interface CommerceErrorData {
  subscription_no?: string;
  coupon_tip?: { code: CouponTip; message: string };
}

/** A DomainError whose envelope carries `data` (answered by the module's error handler). */
export class CommerceError extends DomainError {
  override name = "CommerceError";
  constructor(
    entry: ErrorEntry,
    readonly data: CommerceErrorData | null = null,
    message = entry.msg,
  ) {
    super(entry.code, message, entry.status);
  }
}

export function commerceError(name: CommerceErrorName, detail?: string): DomainError {
  return errorFrom(COMMERCE_ERRORS[name], detail);
}

/** 70020: the total is below the method's minimum. */
export function belowMethodMinimum(minUsdCents: number): CommerceError {
  return new CommerceError(
    { status: 400, code: COMMERCE_CODES.METHOD_BELOW_MINIMUM, msg: "" },
    null,
    `The minimum limit for the payment method is ${formatUsd(minUsdCents)}. Please use other payment methods.`,
  );
}

/** 70021: the total is above the method's maximum. */
export function aboveMethodMaximum(maxUsdCents: number): CommerceError {
  return new CommerceError(
    { status: 400, code: COMMERCE_CODES.METHOD_ABOVE_MAXIMUM, msg: "" },
    null,
    `The amount of the payment method shall not be greater than ${formatUsd(maxUsdCents)}`,
  );
}
