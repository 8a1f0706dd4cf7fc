// The calculator's results for one form: platform fees broken down, affiliate and ad cost per
// unit, profit per unit, margin, break-even price and ROAS, total profit, in the market's
// currency (exact prices, lib/format's formatPrice). Test ids `profit-<figure>`.
import { useLingui } from "@lingui/react/macro";
import type { ProfitResult } from "../../../features/calculator/profit";
import { formatDecimal, formatPrice, formatRate, NO_VALUE } from "../../../lib/format";
import { useLocale } from "../../../state/system";

export type FigureKey = Exclude<keyof ProfitResult, "currency">;

/** The figures in the order shown, with their labels. */
export function useFigureRows(): { key: FigureKey; label: string }[] {
  const { t } = useLingui();
  return [
    { key: "commission", label: t`Platform commission` },
    { key: "transactionFee", label: t`Transaction fee` },
    { key: "fixedFee", label: t`Fixed fee per order` },
    { key: "platformFees", label: t`Platform fees per unit` },
    { key: "affiliateCommission", label: t`Affiliate commission` },
    { key: "adCost", label: t`Ad cost per unit` },
    { key: "profitPerUnit", label: t`Profit per unit` },
    { key: "margin", label: t`Margin` },
    { key: "breakEvenPrice", label: t`Break-even price` },
    { key: "breakEvenRoas", label: t`Break-even ROAS` },
    { key: "totalProfit", label: t`Total profit` },
  ];
}

export function useFigureText(): (result: ProfitResult, key: FigureKey) => string {
  const locale = useLocale();
  return (result, key) => {
    const value = result[key];
    if (value === null) return NO_VALUE;
    if (key === "margin") return formatRate(value, locale);
    if (key === "breakEvenRoas") return formatDecimal(value, 2, locale);
    return formatPrice(value, result.currency, locale);
  };
}

export function ProfitFigures({ result }: { result: ProfitResult }) {
  const { t } = useLingui();
  const rows = useFigureRows();
  const text = useFigureText();
  return (
    <section className="card" aria-label={t`Results`} data-testid="profit-results">
      <dl className="calculator__figures">
        {rows.map(({ key, label }) => (
          <div
            key={key}
            className={
              key === "profitPerUnit" || key === "totalProfit"
                ? "calculator__figure calculator__figure--key"
                : "calculator__figure"
            }
          >
            <dt>{label}</dt>
            <dd
              data-testid={`profit-${key}`}
              className={result[key] !== null && result[key] < 0 ? "calculator__negative" : undefined}
            >
              {text(result, key)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
