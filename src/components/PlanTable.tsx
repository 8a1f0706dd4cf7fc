// The plan matrix as a table, plans as columns (free, Basic, Premium, Pro): what each plan
// unlocks as the server enforces it (GET /api/v1/plans). The permission-detail popup shows it
// as is; /comparison adds its price rows and "Choose" buttons through `extraRows`.
import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PlanLimits, PlanMatrix } from "../api/plans";
import "./plan-table.css";

export const PLAN_COLUMNS = ["free", "basic", "premium", "pro"] as const;
export type PlanColumn = (typeof PLAN_COLUMNS)[number];

export interface PlanTableRow {
  label: string;
  cell: (plan: PlanColumn) => ReactNode;
}

function useLimitRows(plans: PlanMatrix): PlanTableRow[] {
  const { t } = useLingui();
  const limit = (value: number | null) => (value === null ? t`Unlimited` : String(value));
  const feature = (name: PlanLimits["features"][number]) => (plan: PlanLimits) =>
    plan.features.includes(name) ? "✓" : "—";
  const rows: { label: string; cell: (plan: PlanLimits) => ReactNode }[] = [
    { label: t`List rows shown`, cell: (plan) => (plan.listRows === null ? t`All` : String(plan.listRows)) },
    { label: t`Detail views per day`, cell: (plan) => limit(plan.dailyDetailViews) },
    { label: t`Searches per day`, cell: (plan) => limit(plan.dailySearches) },
    { label: t`Trend ranges (days)`, cell: (plan) => plan.trendDays.join(" / ") },
    { label: t`Custom date range`, cell: feature("custom-range") },
    { label: t`Monitored accounts`, cell: (plan) => String(plan.monitorAccounts) },
    { label: t`Export to CSV`, cell: feature("export") },
  ];
  return rows.map((row) => ({ label: row.label, cell: (column) => row.cell(plans[column]) }));
}

export function PlanTable({
  plans,
  extraRows = [],
  testId,
}: {
  plans: PlanMatrix;
  extraRows?: readonly PlanTableRow[];
  testId?: string;
}) {
  const { t } = useLingui();
  const rows = [...extraRows, ...useLimitRows(plans)];
  const names: Record<PlanColumn, string> = { free: t`Free`, basic: t`Basic`, premium: t`Premium`, pro: t`Pro` };
  const visitorRows = plans.anonymous.listRows;
  return (
    <>
      <table className="plan-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col" />
            {PLAN_COLUMNS.map((plan) => (
              <th key={plan} scope="col">
                {names[plan]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {PLAN_COLUMNS.map((plan) => (
                <td key={plan}>{row.cell(plan)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {visitorRows !== null && (
        <p className="muted" data-testid="plan-details-visitor">
          <Trans>
            Without an account you see the top {visitorRows} rows of each list. On mobile only part of the data is
            shown; open the site on a computer for everything.
          </Trans>
        </p>
      )}
    </>
  );
}
