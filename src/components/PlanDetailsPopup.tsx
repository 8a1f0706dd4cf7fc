// The permission-detail popup (spec §2, §6): a bottom sheet comparing what the free plan and
// the Basic, Premium and Pro memberships unlock (src/lib/plans.ts), with the way to upgrade.
// Test id `plan-details`.
import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation } from "wouter";
import { hrefFor } from "../app/routes";
import { ANONYMOUS_LIST_ROWS, PLAN_BENEFITS, PLAN_COLUMNS, type PlanBenefits } from "../lib/plans";
import { closePlanDetails, usePlanDetailsVisible } from "../state/price";
import { Popup } from "./Popup";

function useCells() {
  const { t } = useLingui();
  const limit = (value: number | null) => (value === null ? t`Unlimited` : String(value));
  const rows: { label: string; cell(plan: PlanBenefits): ReactNode }[] = [
    { label: t`List rows shown`, cell: (plan) => (plan.listRows === null ? t`All` : String(plan.listRows)) },
    { label: t`Detail views per day`, cell: (plan) => limit(plan.dailyDetailViews) },
    { label: t`Searches per day`, cell: (plan) => limit(plan.dailySearches) },
    { label: t`Trend ranges (days)`, cell: (plan) => plan.trendDays.join(" / ") },
    { label: t`Custom date range`, cell: (plan) => (plan.customRange ? "✓" : "—") },
    { label: t`Monitored accounts`, cell: (plan) => String(plan.monitorAccounts) },
  ];
  return rows;
}

export default function PlanDetailsPopup() {
  const { t } = useLingui();
  const visible = usePlanDetailsVisible();
  const [, navigate] = useLocation();
  const rows = useCells();
  const names = { free: t`Free`, basic: t`Basic`, premium: t`Premium`, pro: t`Pro` };
  const visitorRows = ANONYMOUS_LIST_ROWS;
  const upgrade = () => {
    closePlanDetails();
    navigate(hrefFor("checkout"));
  };
  return (
    <Popup open={visible} position="bottom" onClose={closePlanDetails} testId="plan-details" label={t`What each plan unlocks`}>
      <div className="plan-details">
        <h2 className="plan-details__title">
          <Trans>What each plan unlocks</Trans>
        </h2>
        <table className="plan-table">
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
                  <td key={plan}>{row.cell(PLAN_BENEFITS[plan])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">
          <Trans>Without an account you see the top {visitorRows} rows of each list. On mobile only part of the data is shown; open the site on a computer for everything.</Trans>
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" data-testid="plan-details-close" onClick={closePlanDetails}>
            <Trans>Close</Trans>
          </button>
          <button type="button" className="button button--primary" data-testid="plan-details-upgrade" onClick={upgrade}>
            <Trans>Upgrade membership</Trans>
          </button>
        </div>
      </div>
    </Popup>
  );
}
