// The rank-change mark of a list row: an up or down arrow with the places moved against the
// previous window, a dash when unchanged, "New" when the item was not in that list.
import { Trans, useLingui } from "@lingui/react/macro";

export function RankChange({ change }: { change: number | null }) {
  const { t } = useLingui();
  if (change === null) {
    return (
      <span className="rank-change rank-change--new" data-testid="rank-change" data-change="new">
        <Trans>New</Trans>
      </span>
    );
  }
  const places = Math.abs(change);
  const [direction, arrow, label] =
    change > 0
      ? ["up", "▲", t`Up ${places}`]
      : change < 0
        ? ["down", "▼", t`Down ${places}`]
        : ["same", "–", t`No change`];
  return (
    <span
      className={`rank-change rank-change--${direction}`}
      data-testid="rank-change"
      data-change={direction}
      aria-label={label}
      title={label}
    >
      {arrow}
      {change !== 0 && places}
    </span>
  );
}
