// "Profit calculator" on a goods detail: a link to /calculator pre-filled with the product's
// price, commission rate (as the affiliate commission), market and category.
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { hrefFor } from "../../routing/paths";
import { calculatorQuery } from "./calculator-form";

export interface CalculatorPrefill {
  price: number;
  /** A fraction (0.12 is 12 %), as the API gives it. */
  commissionRate: number;
  market: string;
  categoryId: number;
}

export function CalculatorLink({ prefill }: { prefill: CalculatorPrefill }) {
  return (
    <Link
      href={hrefFor("calculator", calculatorQuery(prefill))}
      className="button button--small"
      data-testid="calculator-link"
    >
      <Trans>Profit calculator</Trans>
    </Link>
  );
}
