// The calculator's labelled inputs: selling price, cost of goods, shipping, market, category
// (fee group), affiliate commission rate, ad spend or target ROAS, expected units; each with its
// validation message. Amounts are in the chosen market's currency.
import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { Field } from "../../../components/Field";
import { MARKET_NAMES } from "../../../components/MarketSelect";
import { MARKETS, isMarket } from "../../../api/entities";
import type { CalculatorForm, FormErrors, FormField } from "../../../features/calculator/calculator-form";
import { FEE_GROUP_NAMES } from "../../../features/calculator/labels";
import { FEE_GROUPS, isFeeGroup, MARKET_FEES } from "../../../features/calculator/market-fees";

interface Props {
  form: CalculatorForm;
  errors: FormErrors;
  onChange: (change: Partial<CalculatorForm>) => void;
}

function Select({
  label,
  testId,
  children,
  ...select
}: { label: string; testId: string; children: ReactNode } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label className="field calculator__select">
      <span className="field__label">{label}</span>
      <select className="select" data-testid={testId} {...select}>
        {children}
      </select>
    </label>
  );
}

export function CalculatorFields({ form, errors, onChange }: Props) {
  const { t, i18n } = useLingui();
  const currency = MARKET_FEES[form.market].currency;
  const text = (field: FormField, label: string, inputMode: "decimal" | "numeric" = "decimal") => (
    <Field
      testId={`calculator-${field}`}
      label={label}
      value={form[field]}
      onValue={(value) => onChange({ [field]: value })}
      error={errors[field]}
      inputMode={inputMode}
      autoComplete="off"
    />
  );
  return (
    <div className="calculator__fields">
      <Select
        label={t`Market`}
        testId="calculator-market"
        value={form.market}
        onChange={(event) => isMarket(event.target.value) && onChange({ market: event.target.value })}
      >
        {MARKETS.map((market) => (
          <option key={market} value={market}>
            {i18n._(MARKET_NAMES[market])} ({MARKET_FEES[market].currency})
          </option>
        ))}
      </Select>
      <Select
        label={t`Category`}
        testId="calculator-group"
        value={form.group}
        onChange={(event) => isFeeGroup(event.target.value) && onChange({ group: event.target.value })}
      >
        {FEE_GROUPS.map((group) => (
          <option key={group} value={group}>
            {i18n._(FEE_GROUP_NAMES[group])}
          </option>
        ))}
      </Select>
      {text("price", t`Selling price (${currency})`)}
      {text("cost", t`Cost of goods (${currency})`)}
      {text("shipping", t`Shipping (${currency})`)}
      {text("affiliatePercent", t`Affiliate commission rate (%)`)}
      <fieldset className="calculator__ads">
        <legend className="field__label">{t`Advertising`}</legend>
        <label>
          <input
            type="radio"
            name="calculator-ad-mode"
            checked={form.adMode === "spend"}
            onChange={() => onChange({ adMode: "spend" })}
          />{" "}
          {t`Ad spend`}
        </label>
        <label>
          <input
            type="radio"
            name="calculator-ad-mode"
            checked={form.adMode === "roas"}
            onChange={() => onChange({ adMode: "roas" })}
          />{" "}
          {t`Target ROAS`}
        </label>
      </fieldset>
      {form.adMode === "spend"
        ? text("adSpend", t`Ad spend for all units (${currency})`)
        : text("targetRoas", t`Target ROAS (revenue ÷ ad spend)`)}
      {text("units", t`Expected units`, "numeric")}
    </div>
  );
}
