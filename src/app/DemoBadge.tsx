// A small "Demo" badge in a corner of every screen while the server runs in demo mode (the
// site facts the server writes into index.html, read by platform/site-config.ts): the data and
// the accounts are a demonstration. Named "Demo", described by the explanation (title and
// aria-description); it never takes a tap (the screen underneath keeps it). Test id `demo-badge`.
import { useLingui } from "@lingui/react/macro";
import { siteConfig } from "../platform/site-config";

export function DemoBadge() {
  const { t } = useLingui();
  if (!siteConfig().demoMode) return null;
  const name = t`Demo`;
  const explanation = t`Demonstration site: the data and the accounts are examples, not real.`;
  return (
    <div
      className="demo-badge"
      role="note"
      aria-label={name}
      aria-description={explanation}
      title={explanation}
      data-testid="demo-badge"
    >
      {name}
    </div>
  );
}
