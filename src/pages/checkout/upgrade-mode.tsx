// Checkout's upgrade mode (/checkout?upgrade=1, from My Plan's Upgrade): only plans better than
// the current one are offered, prices come from upgrade-create (with the days carried over and
// the new end date) and the order is placed with upgrade, then paid like a purchase. On narrow
// screens the spec's notice says upgrading is best done on a PC, and that it works here too.
import { Trans } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { PAID_PLANS, type PaidPlan } from "../../../contract/commerce";
import {
  prePayment,
  priceQuery,
  upgrade,
  upgradeCreate,
  userSubscribe,
  type Order,
  type OrderRequest,
  type PriceQuote,
  type UpgradeQuote,
} from "../../api/commerce";
import { ApiError } from "../../api/errors";
import { localizedServerMessage } from "../../api/server-messages";
import { betterPlans } from "../../features/commerce/plan-time";
import { useAsync } from "../../hooks/use-async";
import { useDesktopViewport } from "../../hooks/use-desktop-viewport";
import { formatDate } from "../../lib/format";
import { useLocale } from "../../state/system";

export interface CheckoutMode {
  upgrade: boolean;
  /** False while upgrade mode still loads the current plan (no quote is asked before). */
  ready: boolean;
  /** The plans offered: all of them, or only the better ones in upgrade mode. */
  plans: readonly PaidPlan[];
  quote: (request: OrderRequest) => Promise<PriceQuote | UpgradeQuote>;
  place: (request: OrderRequest) => Promise<Order>;
}

/** The mode of the checkout page; `upgrade` is read from the query once. */
export function useCheckoutMode(upgradeRequested: boolean): CheckoutMode {
  const mine = useAsync(() => (upgradeRequested ? userSubscribe() : Promise.resolve(null)), [upgradeRequested]);
  if (!upgradeRequested)
    return { upgrade: false, ready: true, plans: PAID_PLANS, quote: priceQuery, place: prePayment };
  const better = betterPlans(mine.data?.current?.plan);
  return {
    upgrade: true,
    ready: mine.data !== undefined,
    // Nothing better (or no paid plan): the current plan, so the server's refusal is shown.
    plans: better.length > 0 ? better : PAID_PLANS.filter((plan) => plan === (mine.data?.current?.plan ?? "basic")),
    quote: upgradeCreate,
    place: upgrade,
  };
}

export const isUpgradeQuote = (quote: PriceQuote | UpgradeQuote | null | undefined): quote is UpgradeQuote =>
  Boolean(quote && "newEndTime" in quote);

/** The mobile notice of upgrade mode (narrow screens only; the upgrade works there too). */
export function UpgradeNotice() {
  const desktop = useDesktopViewport();
  if (desktop) return null;
  return (
    <p className="checkout__notice" data-testid="checkout-upgrade-notice" data-mode="upgrade">
      <Trans>Upgrading is best done on a PC.</Trans> <Trans>You can also finish it here.</Trans>
    </p>
  );
}

/** The carried-over days and the new end date of an upgrade quote. */
export function UpgradeCarried({ quote }: { quote: UpgradeQuote }) {
  const { t } = useLingui();
  const locale = useLocale();
  const date = formatDate(quote.newEndTime, locale);
  const days = quote.carriedDays;
  return (
    <p
      className="upgrade-summary"
      data-testid="checkout-upgrade-carried"
      data-days={days}
      data-end-time={quote.newEndTime}
    >
      {t`${plural(days, {
        one: `# day of your current plan is carried over; new end date ${date}`,
        other: `# days of your current plan are carried over; new end date ${date}`,
      })}`}
    </p>
  );
}

/** Why upgrade-create refused (a downgrade, the same plan, no paid plan), translated. */
export function UpgradeRefusal({ error }: { error: unknown }) {
  if (!(error instanceof ApiError)) return null;
  return (
    <p className="field__error checkout__inline" role="alert" data-testid="checkout-upgrade-error">
      {localizedServerMessage(error)}
    </p>
  );
}
