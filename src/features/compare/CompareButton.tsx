// "Compare" on goods and influencer cards (compact) and details: puts the item in the compare
// tray or takes it out (aria-pressed while in it), with a toast. A full tray says so; a tray
// holding the other kind makes the tray bar ask whether to clear it (CompareTrayBar). Test id
// `compare-button` with `data-in-compare`.
import { Trans, useLingui } from "@lingui/react/macro";
import { showToast } from "../../state/system";
import { COMPARE_MAX_ITEMS, type CompareKind } from "./compare-kinds";
import { addToCompare, compareTrayState, removeFromCompare, useInCompare } from "./compare-tray";
import "./compare.css";

export interface CompareButtonProps {
  kind: CompareKind;
  id: string;
  /** The small variant of list rows. */
  compact?: boolean;
}

export function CompareButton({ kind, id, compact = false }: CompareButtonProps) {
  const { t } = useLingui();
  const inCompare = useInCompare(kind, id);

  const max = COMPARE_MAX_ITEMS;

  const toggle = async () => {
    if (inCompare) {
      await removeFromCompare(id);
      showToast(t`Removed from compare`);
      return;
    }
    const decision = await addToCompare(kind, id);
    if (decision === "added" || decision === "present") {
      const count = compareTrayState.tray.ids.length;
      showToast(t`Added to compare (${count} of ${max})`);
    } else if (decision === "full") {
      showToast(t`The compare tray is full: remove an item to add another (at most ${max}).`, "error");
    }
  };

  return (
    <button
      type="button"
      className={compact ? "compare-button compare-button--compact" : "button button--small compare-button"}
      aria-pressed={inCompare}
      data-testid="compare-button"
      data-in-compare={inCompare}
      onClick={() => void toggle()}
    >
      <Trans>Compare</Trans>
    </button>
  );
}
