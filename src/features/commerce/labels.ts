// Names the commerce screens show: plans, order states, membership states and payment methods.
// Brand names of payment methods are written as their owners write them (not translated);
// the generic ones (card, virtual account, bank transfer) are messages.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { PAID_PLANS, type BillingMonths, type OrderStatus, type PaidPlan } from "../../../contract/commerce";

export const PLAN_NAMES: Readonly<Record<PaidPlan, MessageDescriptor>> = {
  basic: msg`Basic`,
  premium: msg`Premium`,
  pro: msg`Pro`,
};

export const isPaidPlan = (value: unknown): value is PaidPlan => PAID_PLANS.includes(value as PaidPlan);

export const planName = (plan: string, i18n: I18n): string => (isPaidPlan(plan) ? i18n._(PLAN_NAMES[plan]) : plan);

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, MessageDescriptor>> = {
  unpaid: msg`Unpaid`,
  paying: msg`Paying`,
  paid: msg`Paid`,
  canceled: msg`Canceled`,
  failed: msg`Failed`,
};

const CARD = msg`Card`;

/** Every method of the server's table (server/modules/commerce/offer/payment-methods.ts). */
const METHOD_NAMES: Readonly<Record<string, string | MessageDescriptor>> = {
  card_vn: CARD,
  card_id: CARD,
  card_th: CARD,
  card_my: CARD,
  momo: "MoMo",
  zalopay: "ZaloPay",
  vnpay_qr: "VNPay QR",
  shopeepay_vn: "ShopeePay",
  vietqr: msg`VietQR bank transfer`,
  qris: "QRIS",
  ovo: "OVO",
  dana: "DANA",
  virtual_account: msg`Virtual account`,
  promptpay: "PromptPay",
  truemoney: "TrueMoney",
  fpx: "FPX",
  touch_n_go: "Touch 'n Go",
  gcash: "GCash",
  maya: "Maya",
  paynow: "PayNow",
  grabpay_sg: "GrabPay",
};

/** A payment method's name; an unknown id (a method added on the server later) as its id. */
export function methodName(id: string, i18n: I18n): string {
  const name = METHOD_NAMES[id];
  if (name === undefined) return id;
  return typeof name === "string" ? name : i18n._(name);
}

/** Billing cycles (context: "Monthly" alone is also the monthly ranking's name). */
export const CYCLE_NAMES: Readonly<Record<BillingMonths, MessageDescriptor>> = {
  1: msg({ message: "Monthly", context: "billing cycle" }),
  12: msg({ message: "Yearly", context: "billing cycle" }),
};

export const cycleName = (months: number, i18n: I18n): string => i18n._(CYCLE_NAMES[months === 1 ? 1 : 12]);
