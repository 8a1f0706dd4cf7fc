// Names the commerce screens show: plans, order states, membership states and payment methods.
// Brand names of payment methods are written as their owners write them (not translated);
// the generic ones (card, virtual account, bank transfer) are messages.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  PAID_PLANS,
  PAYMENT_METHOD_NAMES,
  type BillingMonths,
  type OrderStatus,
  type PaidPlan,
} from "../../../contract/commerce";
import type { PlanState } from "./plan-time";

export const PLAN_NAMES: Readonly<Record<PaidPlan, MessageDescriptor>> = {
  basic: msg`Basic`,
  premium: msg`Premium`,
  pro: msg`Pro`,
};

export const isPaidPlan = (value: unknown): value is PaidPlan => PAID_PLANS.includes(value as PaidPlan);

export const planName = (plan: string, i18n: I18n): string => (isPaidPlan(plan) ? i18n._(PLAN_NAMES[plan]) : plan);

/** My Plan's state of the current plan (plan-time.ts planState). */
export const PLAN_STATE_LABELS: Readonly<Record<PlanState, MessageDescriptor>> = {
  trial: msg`Trial`,
  active: msg`Active`,
  expired: msg`Expired`,
};

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, MessageDescriptor>> = {
  unpaid: msg`Unpaid`,
  paying: msg`Paying`,
  paid: msg`Paid`,
  canceled: msg`Canceled`,
  failed: msg`Failed`,
};

const CARD = msg`Card`;

/** The generic method names, translated; brand names stay as contract/commerce.ts writes them. */
const TRANSLATED_METHOD_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  card_vn: CARD,
  card_id: CARD,
  card_th: CARD,
  card_my: CARD,
  vietqr: msg`VietQR bank transfer`,
  virtual_account: msg`Virtual account`,
};

/** A payment method's name; an unknown id (a method added on the server later) as its id. */
export function methodName(id: string, i18n: I18n): string {
  const translated = TRANSLATED_METHOD_NAMES[id];
  return translated ? i18n._(translated) : (PAYMENT_METHOD_NAMES[id] ?? id);
}

/** Billing cycles (context: "Monthly" alone is also the monthly ranking's name). */
export const CYCLE_NAMES: Readonly<Record<BillingMonths, MessageDescriptor>> = {
  1: msg({ message: "Monthly", context: "billing cycle" }),
  12: msg({ message: "Yearly", context: "billing cycle" }),
};

export const cycleName = (months: number, i18n: I18n): string => i18n._(CYCLE_NAMES[months === 1 ? 1 : 12]);
