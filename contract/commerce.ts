// Commerce facts shared by the server (which prices, sells and settles memberships: the
// commerce module) and the app (checkout, My Plan, invoices): the plans one buys, the billing
// cycles, the countries and currencies of checkout, the order states, the payment method kinds
// and the stable codes of the coupon tips and payment errors, which the app translates. Prices,
// method bounds and exchange rates are configuration and data on the server, read by the app
// through GET /v1/user/combo/public-prices.

/** The plans on sale, cheapest first (the member tiers of contract/plans.ts minus free). */
export const PAID_PLANS = ["basic", "premium", "pro"] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** Billing cycles in months: monthly and yearly. */
export const BILLING_MONTHS = [1, 12] as const;
export type BillingMonths = (typeof BILLING_MONTHS)[number];

/** Checkout countries and the currency each pays in (spec: 6 countries; default VN). */
export const CHECKOUT_COUNTRIES = ["VN", "ID", "TH", "MY", "PH", "SG"] as const;
export type CheckoutCountry = (typeof CHECKOUT_COUNTRIES)[number];
export const DEFAULT_CHECKOUT_COUNTRY: CheckoutCountry = "VN";

export const COUNTRY_CURRENCY: Readonly<Record<CheckoutCountry, string>> = {
  VN: "VND",
  ID: "IDR",
  TH: "THB",
  MY: "MYR",
  PH: "PHP",
  SG: "SGD",
};

/** Currencies the exchange-rate table carries (the checkout currencies and CNY for the zh edition). */
export const FX_CURRENCIES = ["VND", "IDR", "THB", "MYR", "PHP", "SGD", "CNY"] as const;
export type FxCurrency = (typeof FX_CURRENCIES)[number];

/** Digits after the decimal point of each currency's amounts (ISO 4217 minor units as used). */
export const CURRENCY_DECIMALS: Readonly<Record<string, number>> = {
  USD: 2,
  VND: 0,
  IDR: 0,
  THB: 2,
  MYR: 2,
  PHP: 2,
  SGD: 2,
  CNY: 2,
};

/** How a method is paid: a card form, a redirect to a wallet, a QR code to scan, a bank transfer. */
export const PAYMENT_METHOD_KINDS = ["card", "wallet", "qr", "bank"] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/**
 * Payment methods' names in English, by the ids of the server's method table
 * (server/modules/commerce/offer/payment-methods.ts): brand names as their owners write them;
 * the app translates the generic ones (card, bank transfer, virtual account).
 */
export const PAYMENT_METHOD_NAMES: Readonly<Record<string, string>> = {
  card_vn: "Card",
  card_id: "Card",
  card_th: "Card",
  card_my: "Card",
  momo: "MoMo",
  zalopay: "ZaloPay",
  vnpay_qr: "VNPay QR",
  shopeepay_vn: "ShopeePay",
  vietqr: "VietQR bank transfer",
  qris: "QRIS",
  ovo: "OVO",
  dana: "DANA",
  virtual_account: "Virtual account",
  promptpay: "PromptPay",
  truemoney: "TrueMoney",
  fpx: "FPX",
  touch_n_go: "Touch 'n Go",
  gcash: "GCash",
  maya: "Maya",
  paynow: "PayNow",
  grabpay_sg: "GrabPay",
  alipay_cn: "Alipay",
};

/**
 * Order states (spec §4): unpaid (created, no payment started), paying (a payment is under
 * way at the gateway), paid, canceled (by the user, or the payment expired), failed (the
 * payment was declined: the user may pay again or cancel).
 */
export const ORDER_STATUSES = ["unpaid", "paying", "paid", "canceled", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** States of an order that block a new one ("Unpaid order exists, do not place duplicate."). */
export const OPEN_ORDER_STATUSES = ["unpaid", "paying", "failed"] as const satisfies readonly OrderStatus[];

/**
 * Why a coupon does not apply (spec §8 coupon tips), in the order they are checked. The server
 * sends the code with an English message; the app shows its own translation of the code.
 */
export const COUPON_TIPS = [
  "invalid",
  "unavailable",
  "not_yet_effective",
  "expired",
  "not_applicable_plan",
  "below_minimum_amount",
  "below_minimum_percent",
  "cannot_stack",
  "fully_given_out",
  "per_person_limit",
] as const;
export type CouponTip = (typeof COUPON_TIPS)[number];

/**
 * Business codes of the commerce module's errors (envelope `code`), which the app translates
 * (src/api/server-messages.ts). 70010-70019 orders, 70020-70029 payment methods, 70030 a coupon
 * that does not apply (its tip in `data.coupon_tip`), 70040-70049 payments.
 */
export const COMMERCE_CODES = {
  UNPAID_ORDER_EXISTS: 70010,
  ORDER_NOT_FOUND: 70011,
  ORDER_NOT_PAYABLE: 70012,
  ORDER_NOT_CANCELABLE: 70013,
  METHOD_BELOW_MINIMUM: 70020,
  METHOD_ABOVE_MAXIMUM: 70021,
  METHOD_VIETNAM_ONLY: 70022,
  METHOD_NOT_IN_COUNTRY: 70023,
  COUPON_NOT_APPLICABLE: 70030,
  PAYMENT_FAILED: 70040,
  PAYMENTS_UNAVAILABLE: 70041,
  SUBSCRIPTION_NOT_FOUND: 70014,
  SAVED_METHOD_NOT_FOUND: 70024,
  SETUP_NOT_COMPLETED: 70025,
  METHOD_NOT_RECURRING: 70026,
  NOTHING_TO_UPGRADE: 70050,
  DOWNGRADE_REFUSED: 70051,
  NOT_AN_UPGRADE: 70052,
  EXPERIENCE_ALREADY_CLAIMED: 70060,
  EXPERIENCE_NOT_ELIGIBLE: 70061,
} as const;

/**
 * What an order is for: a purchase at checkout, an automatic renewal of a subscription (charged
 * off-session with a saved method), or an upgrade to a better plan (which carries the current
 * plan's remaining time, spec §1).
 */
export const ORDER_KINDS = ["purchase", "renewal", "upgrade"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** Method kinds that can be saved and charged again off-session (cards, e-wallet mandates). */
export const RECURRING_METHOD_KINDS = ["card", "wallet"] as const satisfies readonly PaymentMethodKind[];

/**
 * A subscription's states: active (renews at its period end), past_due (a renewal charge failed:
 * retried on the dunning schedule while the plan runs on in grace), canceled (renewal off: the
 * plan runs to its end, no refund), expired (the dunning retries failed), replaced (an upgrade or
 * a newer purchase took over its renewals).
 */
export const SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled", "expired", "replaced"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Days after the period end on which a failed renewal is retried; after the last, the plan expires. */
export const DUNNING_RETRY_DAYS = [1, 3, 5] as const;

/** Saved cards kept per user (spec §3): adding a third detaches the oldest. */
export const MAX_SAVED_CARDS = 2;

/** Kinds of saved payment method: a card, or an e-wallet mandate (authorised auto-debit). */
export const SAVED_METHOD_KINDS = ["card", "wallet"] as const;
export type SavedMethodKind = (typeof SAVED_METHOD_KINDS)[number];

/** E-wallets that take mandates: the recurring wallets of checkout, and Alipay CN (zh edition). */
export const ALIPAY_CN_METHOD = "alipay_cn";

/** The free trial every new account gets at sign-up (spec §1: 1 day of Basic). */
export const SIGN_UP_TRIAL_PLAN = "basic" satisfies PaidPlan;
export const SIGN_UP_TRIAL_DAYS = 1;

/** The 3-day trial page (/getThreeDayVip): the plan and length it grants, once per user. */
export const EXPERIENCE_PLAN = "basic" satisfies PaidPlan;
export const EXPERIENCE_DAYS = 3;
