// Checkout (/checkout?marketing_id&group_num, also ?plan=&months= from Renew and /comparison):
// plan, billing cycle, country, payment method of that country, coupon, the price summary in
// the local currency and in US dollars (re-priced by price-query on every change), and Pay now:
// pre-payment, payment, then the gateway's page. An open order blocks a new one: a dialog
// offers to view it or cancel it. Signed-out visitors get the login prompt (route rule).
// ?upgrade=1 (My Plan's Upgrade) is upgrade mode (./upgrade-mode.tsx): better plans only,
// priced by upgrade-create with the carried days, placed by upgrade, paid the same way.
// A marketing discount (?marketing_id&group_num, e.g. the discount drawer's Buy now) preselects
// its plan and cycle (simple-all), is priced with the order ("Discount {code}: −US$x" in the
// summary, "Remove discount"), and is dropped when another plan or cycle is chosen.
import { useId, useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLocation, useSearch } from "wouter";
import {
  BILLING_MONTHS,
  CHECKOUT_COUNTRIES,
  COMMERCE_CODES,
  type BillingMonths,
  type CheckoutCountry,
  type PaidPlan,
} from "../../../contract/commerce";
import { publicPrices, userSubscribe, type OrderRequest } from "../../api/commerce";
import { simpleAllDiscounts, type SimpleDiscount } from "../../api/discounts";
import { ApiError } from "../../api/errors";
import { commerceMessage, couponTipText, localizedServerMessage } from "../../api/server-messages";
import { marketName } from "../../components/MarketSelect";
import { Popup } from "../../components/Popup";
import { toastFailure } from "../../features/commerce/failures";
import { MethodLogo } from "../../features/commerce/MethodLogo";
import { cycleName, isPaidPlan, methodName, planName } from "../../features/commerce/labels";
import { cancelOpenOrder, payAndRedirect } from "../../features/commerce/payment";
import { isCheckoutCountry, visitorCountry } from "../../features/commerce/visitor-country";
import { useAsync } from "../../hooks/use-async";
import { useBusy } from "../../hooks/use-busy";
import { formatBusinessDate, formatDecimal, formatPrice } from "../../lib/format";
import { hrefFor } from "../../routing/paths";
import { isVip, useCurrentCombo } from "../../state/activity";
import { showToast, useLocale } from "../../state/system";
import { MARKETING_CODES } from "../../../contract/marketing";
import { MAX_INPUT_LENGTH } from "../../lib/validate";
// The coupon box uses the form field styles (field__label, field__control) without the Field component.
import "../../components/field.css";
import "./checkout.css";
import { LoadFailed } from "../../components/LoadFailed";
import { isUpgradeQuote, UpgradeCarried, UpgradeNotice, UpgradeRefusal, useCheckoutMode } from "./upgrade-mode";

interface Preselection {
  plan: PaidPlan;
  months: BillingMonths;
  marketingId?: string;
  groupNum: number;
  upgrade: boolean;
}

function readQuery(search: string): Preselection {
  const query = new URLSearchParams(search);
  const plan = query.get("plan");
  const months = Number(query.get("months"));
  return {
    plan: isPaidPlan(plan) ? plan : "premium",
    months: months === 1 ? 1 : 12,
    marketingId: query.get("marketing_id")?.trim() || undefined,
    groupNum: /^\d{1,7}$/.test(query.get("group_num")?.trim() ?? "") ? Number(query.get("group_num")) : 1,
    upgrade: query.get("upgrade") === "1",
  };
}

/** The discount of ?marketing_id&group_num among the active ones (null: none such). */
async function findDiscount(marketingId: string, groupNum: number): Promise<SimpleDiscount | null> {
  if (!/^\d{1,9}$/.test(marketingId)) return null;
  const list = await simpleAllDiscounts({ marketingIds: [Number(marketingId)] }, true);
  return list.find((entry) => entry.groupNum === groupNum) ?? null;
}

/** The price-query refusals of a marketing discount (unknown, not usable now, another plan). */
const DISCOUNT_REFUSALS: readonly number[] = [
  MARKETING_CODES.DISCOUNT_NOT_FOUND,
  MARKETING_CODES.DISCOUNT_NOT_USABLE,
  MARKETING_CODES.DISCOUNT_PLAN_MISMATCH,
];

/** "Discount Basic9.9: −US$10.00": the marketing discount's part of the price. */
function MarketingDiscountLine({ code, amount }: { code: string; amount: string }) {
  return (
    <p className="checkout__applied" data-testid="checkout-marketing-discount">
      <Trans>
        Discount {code}: −{amount}
      </Trans>
    </p>
  );
}

/** The duplicate-order block: the open order, viewed or canceled. */
function OpenOrderDialog({
  subscriptionNo,
  onClose,
}: {
  subscriptionNo: string | null;
  onClose: (canceled: boolean) => void;
}) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [busy, run] = useBusy();
  const titleId = useId();
  const view = () => {
    if (subscriptionNo) navigate(hrefFor("paySuccess", { subscription_no: subscriptionNo }));
  };
  const cancel = () =>
    run(async () => {
      try {
        if (subscriptionNo) await cancelOpenOrder(subscriptionNo);
        else {
          const open = (await userSubscribe()).openOrder;
          if (open) await cancelOpenOrder(open.subscriptionNo, open);
        }
        showToast(t`The order was canceled`);
        onClose(true);
      } catch (failure) {
        toastFailure(failure);
      }
    });
  return (
    <Popup
      open
      position="dialog"
      role="alertdialog"
      maskClosable={false}
      onClose={() => onClose(false)}
      labelledBy={titleId}
      testId="open-order-dialog"
    >
      <div className="dialog__content">
        <p id={titleId} className="dialog__message" data-testid="open-order-dialog-message">
          <Trans>Unpaid order exists, do not place duplicate.</Trans>
        </p>
        <div className="dialog__actions dialog__actions--stacked">
          <button type="button" className="button button--primary" onClick={view} disabled={!subscriptionNo}>
            <Trans>View order</Trans>
          </button>
          <button type="button" className="button" onClick={() => void cancel()} disabled={busy} aria-busy={busy}>
            <Trans>Cancel order</Trans>
          </button>
          <button type="button" className="button" onClick={() => onClose(false)}>
            <Trans>Close</Trans>
          </button>
        </div>
      </div>
    </Popup>
  );
}

/** One radio button of a choice group; `description` (a price) is its accessible description. */
function Choice({
  name,
  value,
  checked,
  onChange,
  children,
  description,
  testId,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  description?: ReactNode;
  testId?: string;
}) {
  const descriptionId = useId();
  return (
    <label className={checked ? "choice choice--checked" : "choice"} data-testid={testId}>
      <input
        type="radio"
        className="choice__input"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        aria-describedby={description ? descriptionId : undefined}
      />
      {children}
      {description && (
        <span className="choice__price" id={descriptionId} aria-hidden="true">
          {description}
        </span>
      )}
    </label>
  );
}

/** One line of the price summary: the local amount and its US-dollar equivalent (`minus`: a discount). */
function SummaryRow({
  label,
  local,
  usd,
  currency,
  testId,
  minus = false,
  total = false,
}: {
  label: ReactNode;
  local: number;
  usd: number;
  currency: string;
  testId: string;
  minus?: boolean;
  total?: boolean;
}) {
  const locale = useLocale();
  const sign = minus && usd > 0 ? "-" : "";
  return (
    <div className={total ? "summary__row summary__row--total" : "summary__row"}>
      <dt>{label}</dt>
      <dd data-testid={testId} data-usd={usd}>
        {sign}
        {formatPrice(local, currency, locale)}
        <span className="summary__usd">
          {" "}
          ≈ {sign}
          {formatPrice(usd, "USD", locale)}
        </span>
      </dd>
    </div>
  );
}

export default function CheckoutPage() {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const search = useSearch();
  const [preselection] = useState(() => readQuery(search));
  const mode = useCheckoutMode(preselection.upgrade);
  const [chosenPlan, setPlan] = useState<PaidPlan>(preselection.plan);
  const plan = mode.plans.includes(chosenPlan) ? chosenPlan : (mode.plans[0] ?? chosenPlan);
  const [months, setMonths] = useState<BillingMonths>(preselection.months);
  const [discountOn, setDiscountOn] = useState(Boolean(preselection.marketingId) && !preselection.upgrade);
  const found = useAsync(
    () =>
      discountOn && preselection.marketingId
        ? findDiscount(preselection.marketingId, preselection.groupNum)
        : Promise.resolve(null),
    [],
  );
  const discount = discountOn && found.data ? found.data : null;
  const discountPending = discountOn && found.loading;
  const discountMissing = discountOn && !found.loading && !found.data;
  // The discount's plan and cycle, chosen once when it is found.
  const [preselected, setPreselected] = useState<SimpleDiscount | null>(null);
  if (found.data && preselected !== found.data) {
    setPreselected(found.data);
    setPlan(found.data.plan);
    setMonths(found.data.months);
  }
  const choosePlan = (entry: PaidPlan) => {
    if (entry !== plan) setDiscountOn(false);
    setPlan(entry);
  };
  const chooseMonths = (entry: BillingMonths) => {
    if (entry !== months) setDiscountOn(false);
    setMonths(entry);
  };
  const [country, setCountry] = useState<CheckoutCountry>(visitorCountry);
  const [chosenMethod, setChosenMethod] = useState<string | null>(null);
  const [couponInput, setCouponInput] = useState("");
  const [coupon, setCoupon] = useState("");
  const [openOrder, setOpenOrder] = useState<{ subscriptionNo: string | null } | null>(null);
  const [busy, run] = useBusy();
  const combo = useCurrentCombo();
  const groupName = useId();
  const countryId = useId();
  const couponId = useId();

  const prices = useAsync(() => publicPrices(country), [country]);
  const methods = (prices.data?.methods ?? []).filter((method) => method.country === country);
  const method = methods.some((entry) => entry.id === chosenMethod) ? chosenMethod : (methods[0]?.id ?? null);

  const request: OrderRequest | null =
    method && mode.ready && !discountPending && (!discount || preselected === discount)
      ? {
          plan,
          months,
          country,
          method,
          couponCode: coupon || undefined,
          marketingId: discount ? String(discount.marketingId) : undefined,
          groupNum: discount ? discount.groupNum : undefined,
        }
      : null;
  const quote = useAsync(
    () => (request ? mode.quote(request) : Promise.resolve(null)),
    [plan, months, country, method, coupon, mode.ready, discountPending, discount],
  );
  const discountRefusal =
    discount && quote.error instanceof ApiError && DISCOUNT_REFUSALS.includes(quote.error.code) ? quote.error : null;
  const current = quote.data && quote.data.plan === plan && quote.data.months === months ? quote.data : null;

  const priceOf = (forPlan: PaidPlan, forMonths: BillingMonths) =>
    prices.data?.plans.find((entry) => entry.plan === forPlan && entry.months === forMonths);
  const currency = prices.data?.currency;
  const usd = (amount: number) => formatPrice(amount, "USD", locale);

  const pay = () =>
    run(async () => {
      if (!request) return;
      try {
        const order = await mode.place(request);
        await payAndRedirect(order.subscriptionNo);
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === COMMERCE_CODES.UNPAID_ORDER_EXISTS) {
          const named = (failure.data as { subscriptionNo?: unknown } | undefined)?.subscriptionNo;
          setOpenOrder({ subscriptionNo: typeof named === "string" ? named : null });
        } else {
          toastFailure(failure, t`Payments are not available at the moment.`);
        }
      }
    });

  const applyCoupon = () => setCoupon(couponInput.trim());
  const methodError = current?.methodError;
  const couponTip = coupon && current && !quote.loading ? current.couponTip : null;
  const vip = isVip(combo ?? null);

  return (
    <div className="checkout" data-testid="checkout-page">
      {mode.upgrade && <UpgradeNotice />}
      {vip && !mode.upgrade && (
        <p className="checkout__notice" data-testid="checkout-upgrade-notice">
          <Trans>
            Upgrading is best done on a PC. Upgrading adds the remaining time of your current plan to the new one.
          </Trans>
        </p>
      )}

      <section className="card">
        <h2 className="card__title" id={`${groupName}-plan`}>
          <Trans>Plan</Trans>
        </h2>
        <div className="choices" role="radiogroup" aria-labelledby={`${groupName}-plan`}>
          {mode.plans.map((entry) => {
            const price = priceOf(entry, months);
            return (
              <Choice
                key={entry}
                name={`${groupName}-plan`}
                value={entry}
                checked={plan === entry}
                onChange={() => choosePlan(entry)}
                testId={`checkout-plan-${entry}`}
                description={price && t`${usd(price.perMonthUsd)}/month`}
              >
                <span className="choice__name">{planName(entry, i18n)}</span>
              </Choice>
            );
          })}
        </div>
      </section>

      <section className="card">
        <h2 className="card__title" id={`${groupName}-cycle`}>
          <Trans>Billing cycle</Trans>
        </h2>
        <div className="choices" role="radiogroup" aria-labelledby={`${groupName}-cycle`}>
          {BILLING_MONTHS.map((entry) => {
            const price = priceOf(plan, entry);
            return (
              <Choice
                key={entry}
                name={`${groupName}-cycle`}
                value={String(entry)}
                checked={months === entry}
                onChange={() => chooseMonths(entry)}
                testId={`checkout-cycle-${entry}`}
                description={
                  price &&
                  (entry === 1
                    ? t`${usd(price.priceUsd)}/month`
                    : t`${usd(price.priceUsd)}/year (${usd(price.perMonthUsd)}/month)`)
                }
              >
                <span className="choice__name">{cycleName(entry, i18n)}</span>
              </Choice>
            );
          })}
        </div>
      </section>

      <section className="card">
        <div className="checkout__row">
          <label className="card__title" htmlFor={countryId}>
            <Trans>Country</Trans>
          </label>
          <select
            id={countryId}
            className="select"
            value={country}
            data-testid="checkout-country"
            onChange={(event) => isCheckoutCountry(event.target.value) && setCountry(event.target.value)}
          >
            {CHECKOUT_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {marketName(code, i18n)}
              </option>
            ))}
          </select>
        </div>
        <h2 className="card__title checkout__subtitle" id={`${groupName}-method`}>
          <Trans>Payment method</Trans>
        </h2>
        {prices.error !== undefined && !prices.data ? (
          <LoadFailed onRetry={prices.reload}>
            <Trans>The prices could not be loaded.</Trans>
          </LoadFailed>
        ) : (
          <div
            className="choices choices--methods"
            role="radiogroup"
            aria-labelledby={`${groupName}-method`}
            data-testid="checkout-methods"
          >
            {methods.map((entry) => (
              <Choice
                key={entry.id}
                name={`${groupName}-method`}
                value={entry.id}
                checked={method === entry.id}
                onChange={() => setChosenMethod(entry.id)}
                testId={`checkout-method-${entry.id}`}
              >
                <MethodLogo method={entry.id} />
                <span className="choice__name">{methodName(entry.id, i18n)}</span>
              </Choice>
            ))}
          </div>
        )}
        {methodError && (
          <p className="field__error checkout__inline" role="alert" data-testid="checkout-method-error">
            {commerceMessage(methodError.code, methodError.message)}
          </p>
        )}
      </section>

      <section className="card">
        <form
          className="checkout__coupon"
          onSubmit={(event) => {
            event.preventDefault();
            applyCoupon();
          }}
        >
          <label className="field__label" htmlFor={couponId}>
            <Trans>Coupon code</Trans>
          </label>
          <div className="checkout__row">
            <div className="field__control checkout__coupon-control">
              <input
                id={couponId}
                className="field__input"
                value={couponInput}
                maxLength={MAX_INPUT_LENGTH}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                data-testid="checkout-coupon"
                onChange={(event) => setCouponInput(event.target.value)}
                aria-describedby={couponTip ? `${couponId}-tip` : undefined}
              />
            </div>
            <button type="submit" className="button" data-testid="checkout-coupon-apply">
              <Trans>Apply</Trans>
            </button>
          </div>
          {couponTip && (
            <p id={`${couponId}-tip`} className="field__error" role="alert" data-testid="checkout-coupon-tip">
              {couponTipText(couponTip)}
            </p>
          )}
          {coupon && current?.couponApplied && (
            <p className="checkout__applied" data-testid="checkout-coupon-applied">
              <Trans>Coupon {coupon} applied</Trans>
            </p>
          )}
        </form>
      </section>

      <section className="card" aria-labelledby={`${groupName}-summary`} data-testid="checkout-summary">
        <h2 className="card__title" id={`${groupName}-summary`}>
          <Trans>Summary</Trans>
        </h2>
        {mode.upgrade && !quote.loading && <UpgradeRefusal error={quote.error} />}
        {isUpgradeQuote(current) && <UpgradeCarried quote={current} />}
        {current && currency ? (
          <dl className="summary" data-state={quote.loading ? "loading" : "ready"}>
            <SummaryRow
              label={<Trans>Subtotal</Trans>}
              local={current.subtotalLocal}
              usd={current.subtotalUsd}
              currency={current.currency}
              testId="checkout-subtotal"
            />
            <SummaryRow
              label={<Trans>Discount</Trans>}
              local={current.discountLocal}
              usd={current.discountUsd}
              currency={current.currency}
              testId="checkout-discount"
              minus
            />
            <SummaryRow
              label={<Trans>Total</Trans>}
              local={current.totalLocal}
              usd={current.totalUsd}
              currency={current.currency}
              testId="checkout-total"
              total
            />
          </dl>
        ) : (
          !discountRefusal && (
            <p className="muted" data-testid="checkout-summary-loading">
              <Trans>Loading…</Trans>
            </p>
          )
        )}
        {discountMissing && (
          <p className="field__error" role="alert" data-testid="checkout-discount-unavailable">
            <Trans>This discount is not available any more.</Trans>
          </p>
        )}
        {discount && (
          <div className="checkout__marketing" data-testid="checkout-marketing">
            {discountRefusal ? (
              <p className="field__error" role="alert" data-testid="checkout-marketing-refused">
                {localizedServerMessage(discountRefusal)}
              </p>
            ) : (
              current &&
              current.marketingDiscountUsd > 0 && (
                <MarketingDiscountLine code={discount.code} amount={usd(current.marketingDiscountUsd)} />
              )
            )}
            <button
              type="button"
              className="button button--small"
              data-testid="checkout-marketing-remove"
              onClick={() => setDiscountOn(false)}
            >
              <Trans>Remove discount</Trans>
            </button>
          </div>
        )}
        <p className="card__note" data-testid="checkout-rate-note">
          <Trans>Prices are converted at a live exchange rate, so the final amount may vary.</Trans>
          {current && (
            <>
              {" "}
              <Trans>
                Rate of {formatBusinessDate(current.rateDate, locale)}: US$1 = {formatDecimal(current.rate, 2, locale)}{" "}
                {current.currency}
              </Trans>
            </>
          )}
        </p>
      </section>

      <button
        type="button"
        className="button button--primary button--block"
        data-testid="checkout-pay"
        disabled={busy || !current || quote.loading || Boolean(methodError)}
        aria-busy={busy}
        onClick={() => void pay()}
      >
        {busy && <span className="spinner spinner--small" aria-hidden="true" />}
        {mode.upgrade ? <Trans>Upgrade and pay</Trans> : <Trans>Pay now</Trans>}
      </button>
      <p className="checkout__links">
        <Link href={hrefFor("comparison")}>
          <Trans>Compare plans</Trans>
        </Link>
      </p>

      {openOrder && <OpenOrderDialog subscriptionNo={openOrder.subscriptionNo} onClose={() => setOpenOrder(null)} />}
    </div>
  );
}
