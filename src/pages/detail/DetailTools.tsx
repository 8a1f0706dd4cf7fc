// The tools row of a detail page, under the hero's actions: Monitor (goods, influencers),
// Compare (goods, influencers), the profit calculator pre-filled with a product's figures, and
// Share. Each button is its feature's own component.
import type { EntityKind } from "../../api/entities";
import { ShareButton } from "../../components/ShareButton";
import { CalculatorLink, type CalculatorPrefill } from "../../features/calculator/CalculatorLink";
import { CompareButton } from "../../features/compare/CompareButton";
import { MonitorButton } from "../../features/monitoring/MonitorButton";

export interface DetailToolsProps {
  entity: EntityKind;
  id: string;
  link: string;
  title: string;
  /** Goods only: the figures the calculator opens with. */
  calculator?: CalculatorPrefill;
}

export function DetailTools({ entity, id, link, title, calculator }: DetailToolsProps) {
  const trackable = entity === "goods" || entity === "influencers";
  return (
    <div className="detail-tools" data-testid="detail-tools">
      {trackable && <MonitorButton kind={entity} id={id} />}
      {trackable && <CompareButton kind={entity} id={id} />}
      {calculator && <CalculatorLink prefill={calculator} />}
      <ShareButton link={link} title={title} />
    </div>
  );
}
