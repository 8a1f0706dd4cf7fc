// Second pass of an import, in one transaction: entity rows upserted (a row with the same key
// is replaced by the imported values, so importing twice leaves identical rows), showcase links
// inserted once, and each touched series row read, updated for the imported days and written
// back on the current calendar; then dataset_meta gets the calendar and a new version, and the
// search tables are rewritten (store/search-documents.ts).
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { allowLongStatements } from "../../../db/long-work";
import {
  categories,
  dailySeries,
  goods,
  hashtags,
  influencers,
  markets,
  music,
  shops,
  showcaseLinks,
  videos,
} from "../../../db/schema";
import {
  daysBetween,
  inBatches,
  KIND_OF_DAILY_ENTITY,
  SERIES_METRICS,
  type Calendar,
  type DailyEntity,
} from "../engine";
import { readMeta, writeMeta, type Queryable } from "../store/meta";
import { toRow } from "../store/rows";
import { writeSearchDocuments } from "../store/search-documents";
import { parseSeriesValues, type SeriesValues } from "../store/series-codec";
import type { Collected } from "./collect";

const BATCH = 500;

/** Upsert: every column but the key takes the incoming value. */
async function upsert<T extends PgTable>(
  tx: Queryable,
  table: T,
  key: keyof T["_"]["columns"] & string,
  rows: PgInsertValue<T>[],
): Promise<void> {
  for (const batch of inBatches(rows, BATCH)) {
    // Built from the row's own field names, which TypeScript cannot follow through fromEntries.
    const set = Object.fromEntries(
      Object.keys(batch[0])
        .filter((name) => name !== key)
        .map((name) => [name, sql.raw(`excluded."${snake(name)}"`)]),
    ) as PgUpdateSetSource<T>;
    await tx
      .insert(table)
      .values(batch)
      .onConflictDoUpdate({ target: getTableColumns(table)[key], set });
  }
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Stored values moved onto `calendar` (days before its start are dropped). */
function alignValues(
  stored: { startDate: string; values: string } | undefined,
  metrics: readonly string[],
  calendar: Calendar,
): Record<string, number[]> {
  const aligned = Object.fromEntries(metrics.map((m) => [m, new Array<number>(calendar.days).fill(0)]));
  if (!stored) return aligned;
  const offset = daysBetween(calendar.startDate, stored.startDate);
  const values: SeriesValues = parseSeriesValues(stored.values);
  for (const metric of metrics) {
    values[metric]?.forEach((value, k) => {
      const day = offset + k;
      if (day >= 0 && day < calendar.days) aligned[metric][day] = value;
    });
  }
  return aligned;
}

async function writeSeries(
  tx: Queryable,
  entity: DailyEntity,
  byId: Map<string, Map<string, Record<string, number>>>,
  calendar: Calendar,
): Promise<void> {
  const kind = KIND_OF_DAILY_ENTITY[entity];
  const metrics: readonly string[] = SERIES_METRICS[kind];
  for (const ids of inBatches(byId.keys(), BATCH)) {
    const existing = await tx
      .select()
      .from(dailySeries)
      .where(and(eq(dailySeries.entity, kind), inArray(dailySeries.id, ids)));
    const byStored = new Map(existing.map((row) => [row.id, row]));
    const rows = ids.map((id) => {
      const aligned = alignValues(byStored.get(id), metrics, calendar);
      for (const [date, values] of byId.get(id)!) {
        const day = daysBetween(calendar.startDate, date);
        for (const [metric, value] of Object.entries(values)) aligned[metric][day] = value;
      }
      const kept = Object.fromEntries(Object.entries(aligned).filter(([, daily]) => daily.some((v) => v !== 0)));
      return { entity: kind, id, startDate: calendar.startDate, values: JSON.stringify(kept) };
    });
    await tx
      .insert(dailySeries)
      .values(rows)
      .onConflictDoUpdate({
        target: [dailySeries.entity, dailySeries.id],
        set: { startDate: sql`excluded.start_date`, values: sql`excluded.values` },
      });
  }
}

export async function writeImport(db: Db, c: Collected, calendar: Calendar): Promise<number> {
  return db.transaction(async (tx) => {
    await allowLongStatements(tx);
    await upsert(tx, markets, "code", [...c.markets.values()].map(toRow.market));
    await upsert(tx, categories, "id", [...c.categories.values()].map(toRow.category));
    await upsert(tx, shops, "id", [...c.shops.values()].map(toRow.shop));
    await upsert(tx, goods, "id", [...c.goods.values()].map(toRow.goods));
    await upsert(tx, influencers, "id", [...c.influencers.values()].map(toRow.influencer));
    await upsert(tx, music, "id", [...c.music.values()].map(toRow.music));
    await upsert(tx, hashtags, "id", [...c.hashtags.values()].map(toRow.hashtag));
    await upsert(tx, videos, "id", [...c.videos.values()].map(toRow.video));
    for (const batch of inBatches(c.links.values(), BATCH))
      await tx.insert(showcaseLinks).values(batch).onConflictDoNothing();
    for (const [entity, byId] of c.daily) await writeSeries(tx, entity, byId, calendar);
    const meta = await readMeta(tx);
    const version = await writeMeta(
      tx,
      {
        source: meta?.source === "demo" ? "demo" : "import",
        seed: meta?.seed ?? null,
        scale: meta?.scale ?? null,
        calendar,
      },
      "import",
    );
    await writeSearchDocuments(tx);
    return version;
  });
}
