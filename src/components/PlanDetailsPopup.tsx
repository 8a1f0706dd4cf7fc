// The permission-detail popup: a bottom sheet comparing what the free plan and
// the Basic, Premium and Pro memberships unlock, as the server enforces them (GET
// /api/v1/plans, read each time it opens), with the way to upgrade. Test id `plan-details`.
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation } from "wouter";
import { hrefFor } from "../routing/paths";
import { planMatrix, type PlanLimits, type PlanMatrix } from "../api/plans";
import { closePlanDetails, usePlanDetailsVisible } from "../state/price";
import { Popup } from "./Popup";

const PLAN_COLUMNS = ["free", "basic", "premium", "pro"] as const;

function useCells() {
  const { t } = useLingui();
  const limit = (value: number | null) => (value === null ? t`Unlimited` : String(value));
  const rows: { label: string; cell: (plan: PlanLimits) => ReactNode }[] = [
    { label: t`List rows shown`, cell: (plan) => (plan.listRows === null ? t`All` : String(plan.listRows)) },
    { label: t`Detail views per day`, cell: (plan) => limit(plan.dailyDetailViews) },
    { label: t`Searches per day`, cell: (plan) => limit(plan.dailySearches) },
    { label: t`Trend ranges (days)`, cell: (plan) => plan.trendDays.join(" / ") },
    { label: t`Custom date range`, cell: (plan) => (plan.features.includes("custom-range") ? "✓" : "—") },
    { label: t`Monitored accounts`, cell: (plan) => String(plan.monitorAccounts) },
  ];
  return rows;
}

type Loaded = { status: "loading" } | { status: "failed" } | { status: "ready"; plans: PlanMatrix };

const LOADING: Loaded = { status: "loading" };

/**
 * The plan matrix, read again every time the popup opens (and on Retry): loading until the
 * answer to the current request has come; the last answer stays while the popup closes.
 */
function usePlanMatrix(visible: boolean) {
  const [request, setRequest] = useState(0);
  const [wasVisible, setWasVisible] = useState(visible);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) setRequest((value) => value + 1);
  }
  const [answer, setAnswer] = useState<{ request: number; loaded: Loaded } | null>(null);
  useEffect(() => {
    if (!visible) return;
    let current = true;
    planMatrix().then(
      (plans) => current && setAnswer({ request, loaded: { status: "ready", plans } }),
      () => current && setAnswer({ request, loaded: { status: "failed" } }),
    );
    return () => {
      current = false;
    };
  }, [visible, request]);
  const retry = useCallback(() => setRequest((value) => value + 1), []);
  const loaded = answer?.request === request ? answer.loaded : LOADING;
  return { loaded, retry };
}

function PlanTable({ plans }: { plans: PlanMatrix }) {
  const { t } = useLingui();
  const rows = useCells();
  const names = { free: t`Free`, basic: t`Basic`, premium: t`Premium`, pro: t`Pro` };
  const visitorRows = plans.anonymous.listRows;
  return (
    <>
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
                <td key={plan}>{row.cell(plans[plan])}</td>
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

export default function PlanDetailsPopup() {
  const { t } = useLingui();
  const visible = usePlanDetailsVisible();
  const [, navigate] = useLocation();
  const { loaded, retry } = usePlanMatrix(visible);
  const upgrade = () => {
    closePlanDetails();
    navigate(hrefFor("checkout"));
  };
  return (
    <Popup
      open={visible}
      position="bottom"
      onClose={closePlanDetails}
      testId="plan-details"
      label={t`What each plan unlocks`}
    >
      <div className="plan-details" data-status={loaded.status}>
        <h2 className="plan-details__title">
          <Trans>What each plan unlocks</Trans>
        </h2>
        {loaded.status === "ready" && <PlanTable plans={loaded.plans} />}
        {loaded.status === "loading" && (
          <p className="muted" data-testid="plan-details-loading">
            <Trans>Loading…</Trans>
          </p>
        )}
        {loaded.status === "failed" && (
          <p className="muted" data-testid="plan-details-failed">
            <Trans>The plans could not be loaded.</Trans>{" "}
            <button type="button" className="dialog__link" onClick={retry}>
              <Trans>Retry</Trans>
            </button>
          </p>
        )}
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
