// Plan comparison (/comparison): the plan matrix the server enforces (GET /api/v1/plans, the
// table of the permission-detail popup), with each plan's monthly and yearly price (public
// prices, in US dollars and the visitor's currency) and a "Choose" button to checkout with that
// plan. Open to visitors (checkout itself asks them to sign in).
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { BillingMonths } from "../../../contract/commerce";
import { publicPrices, type PlanPrice, type PublicPrices } from "../../api/commerce";
import { planMatrix, type PlanMatrix } from "../../api/plans";
import { PlanTable, type PlanTableRow } from "../../components/PlanTable";
import { cycleName, isPaidPlan, planName } from "../../features/commerce/labels";
import { visitorCountry } from "../../features/commerce/visitor-country";
import { useAsync } from "../../hooks/use-async";
import { formatPrice } from "../../lib/format";
import { hrefFor } from "../../routing/paths";
import { useLocale } from "../../state/system";
import "./checkout.css";
import { LoadFailed } from "../../components/LoadFailed";

function usePriceRows(prices: PublicPrices | undefined): PlanTableRow[] {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const usd = (amount: number) => formatPrice(amount, "USD", locale);
  /** A billing cycle's row: each plan's price in US dollars over `detail` of it. */
  const priceRow = (months: BillingMonths, detail: (entry: PlanPrice, currency: string) => string): PlanTableRow => ({
    label: cycleName(months, i18n),
    cell: (plan) => {
      if (!isPaidPlan(plan)) return t`Free`;
      const entry = prices?.plans.find((candidate) => candidate.plan === plan && candidate.months === months);
      if (!entry || !prices) return "…";
      return (
        <>
          {usd(entry.priceUsd)}
          <br />
          <span className="summary__usd">{detail(entry, prices.currency)}</span>
        </>
      );
    },
  });
  return [
    priceRow(1, (entry, currency) => formatPrice(entry.priceLocal, currency, locale)),
    priceRow(12, (entry) => t`${usd(entry.perMonthUsd)}/month`),
    {
      label: t`Choose`,
      cell: (plan) =>
        isPaidPlan(plan) ? (
          <Link
            href={hrefFor("checkout", { plan })}
            className="button button--small button--primary"
            aria-label={t`Choose ${planName(plan, i18n)}`}
            data-testid={`comparison-choose-${plan}`}
          >
            <Trans>Choose</Trans>
          </Link>
        ) : null,
    },
  ];
}

function Comparison({ plans, prices }: { plans: PlanMatrix; prices: PublicPrices | undefined }) {
  return <PlanTable plans={plans} extraRows={usePriceRows(prices)} testId="comparison-table" />;
}

export default function ComparisonPage() {
  const matrix = useAsync(planMatrix, []);
  const prices = useAsync(() => publicPrices(visitorCountry()), []);
  return (
    <div className="comparison" data-testid="comparison-page">
      {matrix.data ? (
        <section className="card">
          <Comparison plans={matrix.data} prices={prices.data} />
        </section>
      ) : matrix.error !== undefined ? (
        <LoadFailed onRetry={matrix.reload}>
          <Trans>The plans could not be loaded.</Trans>
        </LoadFailed>
      ) : (
        <div className="page-status">
          <span className="spinner" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
