// Commerce API group (docs/commerce.md): public prices, the currency converter, price queries,
// orders (pre-payment, payment, confirm-paid, cancel, status, list) and My Plan. Keys are
// camelCase here; the client converts them to and from the wire's snake_case. Failures go
// through the error catalogue (401, 5xx, network); the business codes (70010-70041) have no
// catalogue effect, so the screens show them (localizedServerMessage, dialogs). Only the
// status poll of /paySuccess is silent.
import type {
  BillingMonths,
  CheckoutCountry,
  CouponTip,
  OrderStatus,
  PaidPlan,
  PaymentMethodKind,
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

export interface Conversion {
  amount: number;
  currency: string;
  rate: number;
  rateDate: string;
}

/** What an order is asked for: price-query and pre-payment take the same body. */
export interface OrderRequest {
  plan: PaidPlan;
  months: BillingMonths;
  country: CheckoutCountry;
  method: string;
  couponCode?: string;
  marketingId?: string;
  groupNum?: string;
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
}

export interface UserSubscription {
  current: CurrentSubscription | null;
  openOrder: Order | null;
}

/** Every plan's price and every method (token optional). */
export const publicPrices = (country?: CheckoutCountry): Promise<PublicPrices> =>
  api<PublicPrices>("/v1/user/combo/public-prices", { query: country ? { country } : undefined });

export const convertCurrency = (amount: number, from: string, to: string): Promise<Conversion> =>
  api<Conversion>("/api/v1/open/currency/converter", { method: "POST", body: { amount, from, to } });

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
