// Second pass of an import, in one transaction: entity rows upserted (a row with the same key
// is replaced by the imported values, so importing twice leaves identical rows), showcase links
// inserted once, and the imported days merged into their month blocks (late days included: each
// touched block is read, its days set to the imported values for the metrics a line names, and
// written back; a block left without activity is deleted); then dataset_meta gets the calendar
// and a new version, and the search tables are rewritten (store/search-documents.ts).
import { getTableColumns, inArray, sql } from "drizzle-orm";
import type { PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { allowLongStatements } from "../../../db/long-work";
import {
  categories,
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
  type BusinessDate,
  type Calendar,
  type DailyEntity,
} from "../engine";
import { analyzeBlocks, deleteBlocks, ensureMonthPartitions, selectBlocks, writeBlocks } from "../store/daily-figures";
import { readMeta, writeMeta, type Queryable } from "../store/meta";
import { blockOfDaily, dailyOfBlock, daysInMonth, monthOf, type MonthBlock } from "../store/month-blocks";
import { toRow } from "../store/rows";
import { writeSearchDocuments } from "../store/search-documents";
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

/** Imported days by entity and month: id -> month -> date -> metrics. */
function byMonth(byId: Map<string, Map<string, Record<string, number>>>) {
  const months = new Map<string, Map<BusinessDate, Map<BusinessDate, Record<string, number>>>>();
  for (const [id, byDate] of byId) {
    const ofId = new Map<BusinessDate, Map<BusinessDate, Record<string, number>>>();
    for (const [date, values] of byDate) {
      const month = monthOf(date);
      if (!ofId.has(month)) ofId.set(month, new Map());
      ofId.get(month)!.set(date, values);
    }
    if (ofId.size) months.set(id, ofId);
  }
  return months;
}

/** Merges the imported days of one kind into its month blocks. */
async function mergeDays(
  tx: Queryable,
  entity: DailyEntity,
  byId: Map<string, Map<string, Record<string, number>>>,
  calendar: Calendar,
): Promise<void> {
  const kind = KIND_OF_DAILY_ENTITY[entity];
  const metrics: readonly string[] = SERIES_METRICS[kind];
  const imported = byMonth(byId);
  if (imported.size === 0) return;
  await ensureMonthPartitions(tx, calendar.startDate, calendar.endDate);
  for (const ids of inBatches(imported.keys(), BATCH)) {
    const months = [...new Set(ids.flatMap((id) => [...imported.get(id)!.keys()]))];
    const stored = await selectBlocks(
      tx,
      kind,
      sql`${inArray(sql`id`, ids)} AND ${inArray(
        sql`month`,
        months.map((m) => sql`${m}::date`),
      )}`,
    );
    const storedBy = new Map(stored.map((block) => [`${block.id} ${block.month}`, block]));
    const written: MonthBlock[] = [];
    const emptied: Pick<MonthBlock, "id" | "month">[] = [];
    for (const id of ids) {
      for (const [month, days] of imported.get(id)!) {
        const old = storedBy.get(`${id} ${month}`);
        const daily = old ? dailyOfBlock(old) : metrics.map(() => new Float64Array(daysInMonth(month)));
        for (const [date, values] of days) {
          const day = daysBetween(month, date);
          for (const [metric, value] of Object.entries(values)) daily[metrics.indexOf(metric)][day] = value;
        }
        const block = blockOfDaily(id, month, daily);
        if (block) written.push(block);
        else if (old) emptied.push(old);
      }
    }
    await deleteBlocks(tx, kind, emptied);
    await writeBlocks(tx, kind, written, { replace: true });
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
    for (const [entity, byId] of c.daily) await mergeDays(tx, entity, byId, calendar);
    if (c.daily.size > 0) await analyzeBlocks(tx);
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
