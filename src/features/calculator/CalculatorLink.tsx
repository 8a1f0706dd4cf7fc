// "Profit calculator" on a goods detail, pre-filled with the product's figures (issue 15): being built.
export interface CalculatorPrefill {
  price: number;
  /** A fraction (0.12 is 12 %), as the API gives it. */
  commissionRate: number;
  market: string;
  categoryId: number;
}

export function CalculatorLink(_props: { prefill: CalculatorPrefill }) {
  return null;
}
