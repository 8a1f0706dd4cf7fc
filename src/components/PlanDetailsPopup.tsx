// The permission-detail popup: a bottom sheet comparing what the free plan and
// the Basic, Premium and Pro memberships unlock, as the server enforces them (GET
// /api/v1/plans, read each time it opens), with the way to upgrade. Test id `plan-details`.
import { useCallback, useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation } from "wouter";
import { hrefFor } from "../routing/paths";
import { planMatrix, type PlanMatrix } from "../api/plans";
import { closePlanDetails, usePlanDetailsVisible } from "../state/price";
import { Popup } from "./Popup";
import { PlanTable } from "./PlanTable";
import { LoadFailed } from "./LoadFailed";

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
          <LoadFailed data-testid="plan-details-failed" onRetry={retry}>
            <Trans>The plans could not be loaded.</Trans>
          </LoadFailed>
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
