// Saved calculator scenarios in IndexedDB (contract/indexed-db.ts CALCULATOR_DB_NAME): a name,
// the form as typed and when it was saved, so they are listed, opened, renamed, deleted and
// compared offline. Stored through the shared keyvalTable adapter.
import { CALCULATOR_DB_NAME, CALCULATOR_STORE_NAME } from "../../../contract/indexed-db";
import { isMarket } from "../../api/entities";
import { keyvalTable } from "../../storage/keyval-table";
import type { CalculatorForm } from "./calculator-form";
import { isFeeGroup } from "./market-fees";

export interface Scenario {
  id: string;
  name: string;
  form: CalculatorForm;
  savedAt: number;
}

export const MAX_SCENARIO_NAME = 60;

const TEXT_FIELDS = ["price", "cost", "shipping", "affiliatePercent", "adSpend", "targetRoas", "units"] as const;

function isForm(value: unknown): value is CalculatorForm {
  const form = value as CalculatorForm;
  return (
    isMarket(form?.market) &&
    isFeeGroup(form.group) &&
    (form.adMode === "spend" || form.adMode === "roas") &&
    TEXT_FIELDS.every((field) => typeof form[field] === "string")
  );
}

const isScenario = (value: unknown): value is Scenario => {
  const scenario = value as Scenario;
  return (
    typeof scenario?.id === "string" &&
    typeof scenario.name === "string" &&
    typeof scenario.savedAt === "number" &&
    isForm(scenario.form)
  );
};

const scenarios = keyvalTable(CALCULATOR_DB_NAME, CALCULATOR_STORE_NAME, isScenario);

/** Forgets the store so the next call opens it again (tests swap IndexedDB between runs). */
export const resetScenarioStore = (): void => scenarios.reset();

/** Every saved scenario, newest first. */
export async function listScenarios(): Promise<Scenario[]> {
  return (await scenarios.values()).sort((a, b) => b.savedAt - a.savedAt);
}

const copyOf = (form: CalculatorForm): CalculatorForm => ({ ...form });

export async function saveScenario(name: string, form: CalculatorForm, now = Date.now()): Promise<Scenario> {
  const scenario: Scenario = {
    id: `${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    name: name.trim().slice(0, MAX_SCENARIO_NAME),
    form: copyOf(form),
    savedAt: now,
  };
  await scenarios.put(scenario.id, scenario);
  return scenario;
}

export async function renameScenario(id: string, name: string): Promise<void> {
  const scenario = await scenarios.get(id);
  if (scenario)
    await scenarios.put(id, {
      ...scenario,
      form: copyOf(scenario.form),
      name: name.trim().slice(0, MAX_SCENARIO_NAME),
    });
}

export async function deleteScenario(id: string): Promise<void> {
  await scenarios.remove([id]);
}
