// The units of a rank-table generation's fill (FillUnit: one kind's rank type over one window)
// and the queue that hands them out to the connections filling it (store/rank-tables.ts
// fillRankUnits; store/rank-generations.ts shares a fill out when RANK_FILL_CONNECTIONS is above
// 1). A unit reads temp tables its connection builds before the first unit that needs them
// (FillNeed): its kind's own (entities, first days, card totals) and the window sums of its
// window, of its kind and of any kind whose sums its statement joins. The queue gives a
// connection the units it has built for, so that each of those tables is built by as few
// connections as it can be.
import { PgDialect } from "drizzle-orm/pg-core";
import { ENTITY_KINDS, RANK_TYPES, RANK_WINDOWS, type EntityKind, type RankWindow } from "../engine";
import { scoredSelection, type RankDates } from "./rank-sql";

/** Temp tables a unit reads: a kind's own ("goods"), or a kind's window sums of one window ("videos/7d"). */
export type FillNeed = EntityKind | `${EntityKind}/${RankWindow}`;

/** One kind's rank type over one window: the lists the connections of a fill share out. */
export interface FillUnit {
  kind: EntityKind;
  rankType: string;
  window: RankWindow;
  /** The temp tables its statements read: its kind's own, then each window sums it joins. */
  needs: readonly FillNeed[];
}

const dialect = new PgDialect();

/** Every unit of a generation, in the order one connection fills them (kind, rank type, window). */
export function everyFillUnit(dates: RankDates): FillUnit[] {
  return ENTITY_KINDS.flatMap((kind) =>
    RANK_TYPES[kind].flatMap((rankType) => {
      const text = dialect.sqlToQuery(scoredSelection(kind, rankType, dates)).sql;
      const summed = ENTITY_KINDS.filter((other) => other === kind || text.includes(`rank_sums_${other}`));
      return RANK_WINDOWS.map((window) => ({
        kind,
        rankType,
        window,
        needs: [kind, ...summed.map((other): FillNeed => `${other}/${window}`)],
      }));
    }),
  );
}

/**
 * The units of one generation's fill, handed out one at a time to the connections filling it
 * (fillRankUnits): a connection gets the first unit whose tables it has built all of; else the
 * first of those needing the fewest tables another connection has built already (so that
 * connections take different kinds first, and near the end different windows of the same kind:
 * finishing sooner beats building once, but a window's sums are the costliest to build twice).
 */
export class FillQueue {
  private readonly units: FillUnit[];
  /** The tables some connection has built. */
  private readonly built = new Set<FillNeed>();
  private stopped = false;

  constructor(dates: RankDates) {
    this.units = everyFillUnit(dates);
  }

  /** The next unit for a connection that has built the tables `built`; undefined when none is left or stopped. */
  take(built: ReadonlySet<FillNeed>): FillUnit | undefined {
    if (this.stopped || this.units.length === 0) return undefined;
    const builtElsewhere = (unit: FillUnit) =>
      unit.needs.filter((need) => !built.has(need) && this.built.has(need)).length;
    let chosen = this.units.findIndex((unit) => unit.needs.every((need) => built.has(need)));
    if (chosen < 0) {
      const costs = this.units.map(builtElsewhere);
      chosen = costs.indexOf(Math.min(...costs));
    }
    const [unit] = this.units.splice(chosen, 1);
    for (const need of unit.needs) this.built.add(need);
    return unit;
  }

  /** No more units (a connection failed: the fill is lost). */
  stop(): void {
    this.stopped = true;
  }
}
