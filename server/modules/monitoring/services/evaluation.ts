// The evaluation after each new snapshot version: every monitored item whose baseline is older
// than the version is claimed (FOR UPDATE SKIP LOCKED, in batches, inside one transaction per
// batch, so two instances never evaluate the same item for the same version, and a crash
// before commit leaves it for the next run), its figures are compared with its baseline and
// thresholds, the alerts are written (unique per user, item, type and version) and the baseline
// moves to the new figures. An item's first evaluation only records its baseline. Items gone
// from the dataset keep their baseline and raise nothing.
import { isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { monitorAlerts, monitors } from "../../../db/schema";
import type { DataSnapshot } from "../../catalog";
import { thresholdsOf, type MonitorRow } from "./monitors";
import { figuresOfItems } from "./figures";
import { cardKey, cardsOf, nameOf } from "./cards";
import { raisedAlerts, rankChange, salesPercent, type Figures, type RaisedAlert } from "./rules";

export const EVALUATION_BATCH = 500;

/** What an item's baseline column holds: its figures, the change found then, and when. */
export interface Baseline extends Figures {
  rankChange: number | null;
  salesPercent: number | null;
  /** Epoch milliseconds of the evaluation. */
  evaluatedAt: number;
}

export function baselineOf(row: Pick<MonitorRow, "baseline">): Baseline | null {
  const stored = row.baseline as Partial<Baseline> | null;
  return stored && typeof stored.sales === "number" ? (stored as Baseline) : null;
}

export interface EvaluationReport {
  version: number;
  evaluated: number;
  alerts: number;
  /** Users who got new alerts in this run. */
  users: number[];
}

/** Evaluates every item not yet evaluated at `snapshot.version`; safe to run anywhere, any time. */
export async function evaluateSnapshot(db: Db, snapshot: DataSnapshot, now: Date): Promise<EvaluationReport> {
  const report: EvaluationReport = { version: snapshot.version, evaluated: 0, alerts: 0, users: [] };
  if (snapshot.version <= 0) return report;
  const users = new Set<number>();
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(monitors)
        .where(or(isNull(monitors.baselineVersion), lt(monitors.baselineVersion, snapshot.version)))
        .orderBy(monitors.userId, monitors.kind, monitors.entityId)
        .limit(EVALUATION_BATCH)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return 0;
      const updates = [];
      // Alerts raised, named once the batch's names are read (one statement per kind).
      const raised: { item: MonitorRow; alert: RaisedAlert }[] = [];
      const figures = await figuresOfItems(tx, snapshot, rows);
      for (const item of rows) {
        const { userId } = item;
        const after = figures.get(cardKey(item));
        const before = baselineOf(item);
        let baseline: Baseline | null = before;
        if (after !== undefined) {
          baseline = {
            ...after,
            rankChange: before ? rankChange(before, after) : null,
            salesPercent: before ? salesPercent(before, after) : null,
            evaluatedAt: now.getTime(),
          };
          if (before) for (const alert of raisedAlerts(before, after, thresholdsOf(item))) raised.push({ item, alert });
        }
        updates.push(
          sql`(${userId}::bigint, ${item.kind}::text, ${item.entityId}::text, ${baseline === null ? null : JSON.stringify(baseline)}::jsonb)`,
        );
      }
      const cards = await cardsOf(
        tx,
        snapshot,
        raised.map(({ item }) => item),
      );
      const alerts = raised.map(({ item, alert }): typeof monitorAlerts.$inferInsert => {
        users.add(item.userId);
        const card = cards.get(cardKey(item));
        const name = card === undefined ? item.entityId : nameOf(card);
        return {
          userId: item.userId,
          kind: item.kind,
          entityId: item.entityId,
          type: alert.type,
          detail: { name, ...alert.detail },
          version: snapshot.version,
          createdAt: now,
        };
      });
      if (alerts.length) {
        const written = await tx
          .insert(monitorAlerts)
          .values(alerts)
          .onConflictDoNothing()
          .returning({ id: monitorAlerts.id });
        report.alerts += written.length;
      }
      await tx.execute(sql`UPDATE monitors AS m SET baseline = v.baseline, baseline_version = ${snapshot.version}
        FROM (VALUES ${sql.join(updates, sql`, `)}) AS v(user_id, kind, entity_id, baseline)
        WHERE m.user_id = v.user_id AND m.kind = v.kind AND m.entity_id = v.entity_id`);
      return rows.length;
    });
    report.evaluated += batch;
    if (batch < EVALUATION_BATCH) break;
  }
  report.users = [...users];
  return report;
}
