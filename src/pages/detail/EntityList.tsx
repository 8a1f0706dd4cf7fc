// A titled card listing goods, influencers or videos on a detail page (related items,
// products, the author), with a note when there are none.
import type { ReactNode } from "react";
import type { CardOf, DetailEntity } from "../../api/entities";
import { EntityRow } from "../../components/EntityRow";

export interface EntityListProps<K extends DetailEntity> {
  testId: string;
  title: ReactNode;
  entity: K;
  items: readonly CardOf[K][];
  /** Shown when `items` is empty. */
  empty: ReactNode;
}

export function EntityList<K extends DetailEntity>({ testId, title, entity, items, empty }: EntityListProps<K>) {
  return (
    <section className="card" data-testid={testId}>
      <h2 className="card__title">{title}</h2>
      <div className="detail-list">
        {items.map((item) => (
          <EntityRow key={item.id} entity={entity} item={item} />
        ))}
        {items.length === 0 && <p className="card__note">{empty}</p>}
      </div>
    </section>
  );
}
