// Commerce API group (docs/commerce.md, docs/subscriptions.md): the calls the app makes. Public
// prices, price queries, orders (pre-payment, payment, confirm-paid, cancel, status, list), My
// Plan and its subscription (cancel, upgrade), saved cards and e-wallet mandates (completed on
// return from the gateway, listed, removed), the card-error monitor and the 3-day trial. Keys are
// camelCase here; the client converts them to and from the wire's snake_case. Failures go
// through the error catalogue (401, 5xx, network); the business codes (70010-70061) have no
// catalogue effect, so the screens show them (localizedServerMessage, dialogs). Only the
// status poll of /paySuccess and the card-error report are silent.
import type {
  BillingMonths,
  CheckoutCountry,
  CouponTip,
  OrderKind,
  OrderStatus,
  PaidPlan,
  PaymentMethodKind,
  SavedMethodKind,
  SubscriptionStatus,
} from "../../contract/commerce";
import { api } from "./client";

export interface PlanPrice {
  plan: PaidPlan;
  months: BillingMonths;
  priceUsd: number;
  perMonthUsd: number;
  priceLocal: number;
}

export interface PaymentMethodInfo {
  id: string;
  country: CheckoutCountry;
  kind: PaymentMethodKind;
  minUsd: number;
  maxUsd: number;
  vietnamOnly: boolean;
}

export interface PublicPrices {
  country: CheckoutCountry;
  currency: string;
  rate: number;
  rateDate: string;
  plans: PlanPrice[];
  countries: { country: CheckoutCountry; currency: string }[];
  methods: PaymentMethodInfo[];
}

/** What an order is asked for: price-query and pre-payment take the same body. */
export interface OrderRequest {
  plan: PaidPlan;
  months: BillingMonths;
  country: CheckoutCountry;
  method: string;
  couponCode?: string;
  /** A marketing discount (checkout's marketing_id and group_num; group 1 when absent). */
  marketingId?: string;
  groupNum?: number;
}

export interface CouponTipInfo {
  code: CouponTip;
  message: string;
}

export interface MethodError {
  code: number;
  message: string;
}

interface Amounts {
  subtotalUsd: number;
  discountUsd: number;
  totalUsd: number;
  subtotalLocal: number;
  discountLocal: number;
  totalLocal: number;
}

export interface PriceQuote extends Amounts {
  plan: PaidPlan;
  months: BillingMonths;
  country: CheckoutCountry;
  method: string;
  currency: string;
  rate: number;
  rateDate: string;
  couponCode: string | null;
  couponApplied: boolean;
  couponTip: CouponTipInfo | null;
  methodError: MethodError | null;
  /** The marketing discount's part of discountUsd (0 without one). */
  marketingDiscountUsd: number;
  marketingId: string | null;
  groupNum: number | null;
}

export interface OrderMembership {
  plan: PaidPlan;
  startsAt: string;
  endTime: string;
}

export interface Order extends Amounts {
  id: number;
  subscriptionNo: string;
  plan: PaidPlan;
  months: BillingMonths;
  country: CheckoutCountry;
  method: string;
  currency: string;
  status: OrderStatus;
  rate: number;
  rateDate: string;
  couponCode: string | null;
  createdAt: string;
  paidAt: string | null;
  failureReason: string | null;
  membership: OrderMembership | null;
  /** purchase, renewal or upgrade (older servers omit it: a purchase). */
  kind?: OrderKind;
  /** Whole days an upgrade carries over from the plan it replaces. */
  carriedDays?: number;
}

export interface PaymentStart {
  subscriptionNo: string;
  paymentId: string;
  redirectUrl: string;
  qrPayload: string | null;
}

export interface OrderPage {
  list: Order[];
  total: number;
}

export interface CurrentSubscription {
  plan: PaidPlan;
  source: string;
  startsAt: string;
  endTime: string;
  daysToEndTime: number;
  /** Whole days an upgrade carried into the current plan (0 when none). */
  carriedDays?: number;
}

/** A saved card or e-wallet mandate: never a card number, only what the user recognises. */
export interface SavedMethod {
  id: number;
  kind: SavedMethodKind;
  /** The checkout method it was saved with (card_vn, gcash, alipay_cn, ...). */
  method: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

export type RenewalFailure = "declined" | "no_payment_method" | "gateway_error";

/** The subscription that renews the current plan (docs/subscriptions.md "Model"). */
export interface Subscription {
  id: number;
  plan: PaidPlan;
  months: BillingMonths;
  status: SubscriptionStatus;
  renews: boolean;
  periodEnd: string;
  nextAttemptAt: string | null;
  failedAttempts: number;
  lastFailure: RenewalFailure | null;
  amountLocal: number;
  currency: string;
  /** The saved method the next renewal charges; null when none is saved. */
  method: SavedMethod | null;
}

export interface UserSubscription {
  current: CurrentSubscription | null;
  openOrder: Order | null;
  /** Absent on a server without subscriptions. */
  subscription?: Subscription | null;
}

/** upgrade-create: the price-query quote plus the time carried over and the new end date. */
export interface UpgradeQuote extends PriceQuote {
  currentPlan: PaidPlan;
  carriedDays: number;
  carriedMs: number;
  newEndTime: string;
}

/** A card setup started at the gateway: where the browser goes. */
export interface SetupStart {
  setupId: string;
  redirectUrl: string;
}

export type CardErrorStage = "payment" | "setup" | "mandate";

/** A client-side card error for the monitor; never a card number (the server strips digit runs too). */
export interface CardErrorReport {
  code: string;
  message?: string;
  stage: CardErrorStage;
  method?: string;
  subscriptionNo?: string;
}

export interface SupportExperience {
  claimable: boolean;
  claimedAt: string | null;
  reason: "claimed" | "paid_plan" | null;
  days: number;
  plan: PaidPlan;
}

export interface ExperienceGrant {
  plan: PaidPlan;
  startsAt: string;
  endTime: string;
}

/** Every plan's price and every method (token optional). */
export const publicPrices = (country?: CheckoutCountry): Promise<PublicPrices> =>
  api<PublicPrices>("/v1/user/combo/public-prices", { query: country ? { country } : undefined });

export const priceQuery = (request: OrderRequest): Promise<PriceQuote> =>
  api<PriceQuote>("/v1/user/subscriptions/price-query", { method: "POST", body: request });

/** Creates an unpaid order; 70010 (an open order exists) carries `data.subscriptionNo`. */
export const prePayment = (request: OrderRequest): Promise<Order> =>
  api<Order>("/v1/user/subscriptions/pre-payment", { method: "POST", body: request });

export const startPayment = (subscriptionNo: string, returnUrl?: string): Promise<PaymentStart> =>
  api<PaymentStart>("/v1/user/subscriptions/payment", {
    method: "POST",
    body: returnUrl ? { subscriptionNo, returnUrl } : { subscriptionNo },
  });

export const confirmPaid = (subscriptionNo: string): Promise<Order> =>
  api<Order>("/v1/user/subscriptions/confirm-paid", { method: "PUT", query: { subscriptionNo } });

/** Cancels an unpaid order (`inPay` false) or a paying/failed one (`inPay` true). */
export const cancelOrder = (id: number | string, inPay: boolean): Promise<Order> =>
  api<Order>(`/v1/user/subscriptions/cancel/${inPay ? "in-pay" : "non-pay"}/${encodeURIComponent(String(id))}`, {
    method: "POST",
  });

/** The order's state; `silent` for the poll of /paySuccess (a failed poll is retried). */
export const comboStatus = (id: number | string, silent = false): Promise<Order> =>
  api<Order>(`/v1/user/combo/combo-status/${encodeURIComponent(String(id))}`, { silent });

export const orderList = (page = 1, pageSize = 20): Promise<OrderPage> =>
  api<OrderPage>("/v1/user/subscriptions/list", { query: { page, pageSize } });

export const userSubscribe = (): Promise<UserSubscription> =>
  api<UserSubscription>("/v1/user/subscriptions/user-subscribe");

/** Turns renewal off; the plan runs to its end (no refund). Answers the subscription. */
export const cancelSubscription = (id: number): Promise<Subscription> =>
  api<Subscription>(`/v1/user/subscriptions/cancel/${encodeURIComponent(String(id))}`, { method: "POST" });

/** Prices an upgrade (70050 no paid plan, 70051 downgrade, 70052 same plan). */
export const upgradeCreate = (request: OrderRequest): Promise<UpgradeQuote> =>
  api<UpgradeQuote>("/v1/user/subscriptions/upgrade-create", { method: "PUT", body: request });

/** Places the upgrade order (unpaid, kind upgrade); paid like any order. */
export const upgrade = (request: OrderRequest): Promise<Order> =>
  api<Order>("/v1/user/subscriptions/upgrade", { method: "PUT", body: request });

// Saved cards

/** Starts saving a card at the gateway; it sends the browser back to `returnUrl` with setup_id. */
export const cardSetupIntent = (returnUrl: string): Promise<SetupStart> =>
  api<SetupStart>("/v1/user/credit-cards/setup-intent", { method: "POST", body: { returnUrl } });

/** Saves the card of a completed setup (70025 when it is not completed or failed). */
export const saveCard = (setupId: string): Promise<SavedMethod> =>
  api<SavedMethod>("/v1/user/credit-cards", { method: "POST", body: { setupId } });

export const creditCards = (): Promise<SavedMethod[]> =>
  api<{ list: SavedMethod[] }>("/v1/user/credit-cards/list").then((answer) => answer.list);

export const removeCard = (id: number): Promise<{ removed: boolean }> =>
  api<{ removed: boolean }>(`/v1/user/credit-cards/${encodeURIComponent(String(id))}`, { method: "DELETE" });

// E-wallet mandates

/** Completes a mandate back on the return page: the saved mandate. */
export const completeMandate = (setupId: string): Promise<SavedMethod> =>
  api<SavedMethod>("/v1/user/e-wallet/mandates", { method: "POST", body: { setupId } });

/** Completes an Alipay CN consent (zh edition), as completeMandate. */
export const alipayCnSuccess = (setupId: string): Promise<SavedMethod> =>
  api<SavedMethod>("/v1/user/e-wallet/consent/alipay-cn/success", { method: "POST", body: { setupId } });

export const eWalletMandates = (): Promise<SavedMethod[]> =>
  api<{ list: SavedMethod[] }>("/v1/user/e-wallet/list", { method: "POST" }).then((answer) => answer.list);

export const removeMandate = (id: number): Promise<{ removed: boolean }> =>
  api<{ removed: boolean }>(`/v1/user/e-wallet/mandates/${encodeURIComponent(String(id))}`, { method: "DELETE" });

/** Records a client-side card error (silent: the monitor never interrupts the user). */
export const reportCardError = (report: CardErrorReport): Promise<{ recorded: boolean }> =>
  api<{ recorded: boolean }>("/v1/user/subscription-monitor/card-error", {
    method: "POST",
    body: report,
    silent: true,
  });

// The 3-day trial (/getThreeDayVip)

export const supportExperience = (): Promise<SupportExperience> =>
  api<SupportExperience>("/v1/user/charge/marketing/support-experience");

/** Claims the 3-day trial (70060 already claimed, 70061 a paid plan runs). */
export const claimSupportExperience = (): Promise<ExperienceGrant> =>
  api<ExperienceGrant>("/v1/user/charge/marketing/support-experience", { method: "POST" });
