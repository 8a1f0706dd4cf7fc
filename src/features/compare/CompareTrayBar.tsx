// The compare tray as a small bar above the tab bar while it holds items (not on /compare
// itself): the count, "Compare now" (/compare?type=&ids=) and "Clear"; and the question asked
// when an item of the other kind is added. Mounted once by the shell (app/OverlayHost.tsx).
// Test ids `compare-tray` (data-count) and `compare-other-kind` (the dialog).
import { useEffect } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "wouter";
import { Dialog } from "../../components/Dialog";
import { hrefFor, pathsOf } from "../../routing/paths";
import { COMPARE_MAX_ITEMS } from "./compare-kinds";
import { answerSwitchQuestion, clearCompare, loadCompareTray, useCompareTray, useSwitchQuestion } from "./compare-tray";
import "./compare.css";

const comparePaths = [pathsOf("compare").path, ...pathsOf("compare").aliases];

export function CompareTrayBar() {
  const { t } = useLingui();
  const tray = useCompareTray();
  const question = useSwitchQuestion();
  const [location] = useLocation();
  useEffect(() => {
    void loadCompareTray();
  }, []);

  const count = tray.ids.length;
  const max = COMPARE_MAX_ITEMS;
  const shown = count > 0 && tray.kind !== null && !comparePaths.includes(location);
  return (
    <>
      {shown && (
        <div
          className="compare-tray"
          role="region"
          aria-label={t`Compare tray`}
          data-testid="compare-tray"
          data-count={count}
        >
          <span className="compare-tray__count">
            {tray.kind === "goods" ? (
              <Trans>
                {count} of {max} products to compare
              </Trans>
            ) : (
              <Trans>
                {count} of {max} influencers to compare
              </Trans>
            )}
          </span>
          <Link
            href={hrefFor("compare", { type: tray.kind ?? "goods", ids: tray.ids.join(",") })}
            className="button button--small button--primary"
          >
            <Trans>Compare now</Trans>
          </Link>
          <button type="button" className="button button--small" onClick={() => void clearCompare()}>
            <Trans>Clear</Trans>
          </button>
        </div>
      )}
      {question && (
        <Dialog
          testId="compare-other-kind"
          title={<Trans>Compare one kind at a time</Trans>}
          message={
            question.kind === "goods" ? (
              <Trans>The compare tray holds influencers. Clear it and compare products instead?</Trans>
            ) : (
              <Trans>The compare tray holds products. Clear it and compare influencers instead?</Trans>
            )
          }
          confirmLabel={<Trans>Clear and add</Trans>}
          cancelLabel={<Trans>Cancel</Trans>}
          onConfirm={() => void answerSwitchQuestion(true)}
          onCancel={() => void answerSwitchQuestion(false)}
        />
      )}
    </>
  );
}
