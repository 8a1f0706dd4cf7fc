// The profit calculator (/calculator): the form (pre-filled from a goods detail's query),
// the results as they are typed, "Save scenario" under a name, the saved scenarios (open,
// rename, delete) and "Compare scenarios". Everything is local: the fee table is in the
// bundle and scenarios are in IndexedDB, so it works offline.
import { useEffect, useMemo, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import { useSearch } from "wouter";
import { Field } from "../../../components/Field";
import {
  checkForm,
  formFromQuery,
  type CalculatorForm,
  type FormErrors,
  type FormField,
} from "../../../features/calculator/calculator-form";
import { MARKET_FEES } from "../../../features/calculator/market-fees";
import { calculateProfit } from "../../../features/calculator/profit";
import {
  deleteScenario,
  listScenarios,
  MAX_SCENARIO_NAME,
  renameScenario,
  saveScenario,
  type Scenario,
} from "../../../features/calculator/scenarios";
import { formatBusinessDate } from "../../../lib/format";
import { useLocale } from "../../../state/system";
import { CalculatorFields } from "./CalculatorFields";
import { ProfitFigures } from "./ProfitFigures";
import { SavedScenarios } from "./SavedScenarios";
import { ScenarioComparison } from "./ScenarioComparison";
import "./calculator.css";

/** Messages only for fields typed into (or all, once "Save scenario" was pressed). */
function shownErrors(errors: FormErrors, form: CalculatorForm, all: boolean): FormErrors {
  if (all) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => form[field as FormField].trim() !== ""));
}

export default function CalculatorPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const search = useSearch();
  const [form, setForm] = useState<CalculatorForm>(() => formFromQuery(new URLSearchParams(search)));
  const [attempted, setAttempted] = useState(false);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState(false);
  const [scenarios, setScenarios] = useState<Scenario[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [comparing, setComparing] = useState(false);
  const [status, setStatus] = useState("");

  const reload = () => listScenarios().then(setScenarios);
  useEffect(() => {
    void reload();
  }, []);

  const checked = useMemo(() => checkForm(form), [form]);
  const result = "inputs" in checked ? calculateProfit(checked.inputs) : null;
  const errors = "errors" in checked ? shownErrors(checked.errors, form, attempted) : {};
  const fees = MARKET_FEES[form.market];

  const save = async () => {
    setAttempted(true);
    setNameError(!name.trim());
    if (!result || !name.trim()) return;
    await saveScenario(name, form);
    setStatus(t`Scenario saved`);
    setName("");
    await reload();
  };

  const comparedScenarios = scenarios.filter((scenario) => selected.has(scenario.id));

  return (
    <div className="page calculator" data-testid="calculator-page">
      {/* The shell's title bar is the page's heading ("Profit calculator"). */}
      <section className="card">
        <p className="muted" data-testid="calculator-fee-date">
          <Trans>
            TikTok Shop fees as published from {formatBusinessDate(fees.effectiveFrom, locale)}; check them in Seller
            Center.
          </Trans>
        </p>
        <CalculatorFields
          form={form}
          errors={errors}
          onChange={(change) => setForm((current) => ({ ...current, ...change }))}
        />
      </section>
      {result ? (
        <ProfitFigures result={result} />
      ) : (
        <p className="card muted" data-testid="calculator-incomplete">
          <Trans>Enter a selling price and the cost of goods to see the profit.</Trans>
        </p>
      )}
      <section className="card" aria-label={t`Save scenario`}>
        <form
          className="calculator__save"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Field
            testId="scenario-name"
            label={t`Scenario name`}
            value={name}
            onValue={setName}
            maxLength={MAX_SCENARIO_NAME}
            error={nameError && !name.trim() ? msg`Enter a name for the scenario` : undefined}
          />
          <button type="submit" className="button" data-testid="scenario-save">
            <Trans>Save scenario</Trans>
          </button>
        </form>
        <p role="status" className="muted">
          {status}
        </p>
      </section>
      <SavedScenarios
        scenarios={scenarios}
        selected={selected}
        onToggle={(id) =>
          setSelected((current) => {
            const next = new Set(current);
            if (!next.delete(id)) next.add(id);
            return next;
          })
        }
        onOpen={(scenario) => {
          setForm({ ...scenario.form });
          setName(scenario.name);
          setStatus(t`Opened ${scenario.name}`);
          window.scrollTo({ top: 0 });
        }}
        onRename={(id, newName) => void renameScenario(id, newName).then(reload)}
        onDelete={(id) => {
          setSelected((current) => new Set([...current].filter((kept) => kept !== id)));
          void deleteScenario(id).then(reload);
        }}
        onCompare={() => setComparing(true)}
      />
      {comparing && comparedScenarios.length >= 2 && (
        <ScenarioComparison scenarios={comparedScenarios} onClose={() => setComparing(false)} />
      )}
    </div>
  );
}
