// A grid of labelled figures (detail overviews, analyses). Test id `metric-{key}` per item.
import type { ReactNode } from "react";

export interface MetricItem {
  key: string;
  label: string;
  /** The figure's text, or an element that renders it. */
  value: ReactNode;
}

export function MetricGrid({ items, testId }: { items: readonly MetricItem[]; testId?: string }) {
  return (
    <dl className="metrics" data-testid={testId}>
      {items.map((item) => (
        <div key={item.key} className="metrics__item" data-testid={`metric-${item.key}`}>
          <dt className="metrics__label">{item.label}</dt>
          <dd className="metrics__value">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
