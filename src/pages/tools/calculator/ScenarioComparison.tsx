// "Compare scenarios": the picked scenarios side by side, one column each, with their market,
// category, price and every result figure in aligned rows. Test id `scenario-comparison`.
import { Trans, useLingui } from "@lingui/react/macro";
import { MARKET_NAMES } from "../../../components/MarketSelect";
import { checkForm } from "../../../features/calculator/calculator-form";
import { FEE_GROUP_NAMES } from "../../../features/calculator/labels";
import { calculateProfit } from "../../../features/calculator/profit";
import type { Scenario } from "../../../features/calculator/scenarios";
import { NO_VALUE } from "../../../lib/format";
import { useFigureRows, useFigureText } from "./ProfitFigures";

export function ScenarioComparison({ scenarios, onClose }: { scenarios: Scenario[]; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const rows = useFigureRows();
  const text = useFigureText();
  const results = scenarios.map((scenario) => {
    const checked = checkForm(scenario.form);
    return "inputs" in checked ? calculateProfit(checked.inputs) : null;
  });
  return (
    <section className="card" aria-label={t`Compare scenarios`} data-testid="scenario-comparison">
      <h2 className="card__title">
        <Trans>Compare scenarios</Trans>
      </h2>
      <div className="calculator__compare-scroll">
        <table className="calculator__compare">
          <thead>
            <tr>
              <th scope="col">
                <span className="calculator__hidden">{t`Figure`}</span>
              </th>
              {scenarios.map((scenario) => (
                <th key={scenario.id} scope="col">
                  {scenario.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t`Market`}</th>
              {scenarios.map((scenario) => (
                <td key={scenario.id}>{i18n._(MARKET_NAMES[scenario.form.market])}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t`Category`}</th>
              {scenarios.map((scenario) => (
                <td key={scenario.id}>{i18n._(FEE_GROUP_NAMES[scenario.form.group])}</td>
              ))}
            </tr>
            {rows.map(({ key, label }) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                {results.map((result, index) => (
                  <td key={scenarios[index].id}>{result ? text(result, key) : NO_VALUE}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="button button--small" onClick={onClose}>
        <Trans>Close comparison</Trans>
      </button>
    </section>
  );
}
