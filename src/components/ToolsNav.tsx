// The tools menu (Monitor, Profit calculator, Compare), on Me and at the top of the List tab:
// the links users come back for. Test id `tools-nav`.
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { hrefFor } from "../routing/paths";

export function ToolsNav({ className = "card" }: { className?: string }) {
  const { t } = useLingui();
  return (
    <nav className={`${className} tools-nav`} aria-label={t`Tools`} data-testid="tools-nav">
      <Link href={hrefFor("monitor")} className="button button--small" data-testid="tools-monitor">
        <Trans>Monitor</Trans>
      </Link>
      <Link href={hrefFor("calculator")} className="button button--small" data-testid="tools-calculator">
        <Trans>Profit calculator</Trans>
      </Link>
      <Link href={hrefFor("compare")} className="button button--small" data-testid="tools-compare">
        <Trans>Compare</Trans>
      </Link>
    </nav>
  );
}
