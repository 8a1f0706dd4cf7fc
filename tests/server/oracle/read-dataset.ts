// The tests' oracle (not production code): reads the whole stored dataset back into memory, so
// tests can index it with the in-memory engine (tests/server/helpers/oracle.ts) and compare
// what the app serves from the database with an independent computation. Profiles go straight
// into a DatasetCore, the month blocks of the calendar's months are turned back into daily
// values (differences of running totals) in SeriesBuilders of the meta calendar, then the
// engine derives every total. Blocks are read month by month in keyset pages. Production never
// loads the dataset (the app holds only the snapshot version and its calendar).
import { sql } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
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
} from "../../../server/db/schema";
import {
  deriveStats,
  ENTITY_KINDS,
  MARKETS,
  SERIES_METRICS,
  SeriesBuilder,
  rowIndex,
  type BusinessDate,
  type Dataset,
  daysBetween,
  type Calendar,
  type DatasetCore,
  type DatasetSeries,
  type EntityKind,
} from "../../../server/modules/catalog/engine";
import { dateLiteral, selectBlocks } from "../../../server/modules/catalog/store/daily-figures";
import { calendarOf, readMeta, type DatasetMeta, type Queryable } from "../../../server/modules/catalog/store/meta";
import { dailyOfBlock, monthsBetween, type MonthBlock } from "../../../server/modules/catalog/store/month-blocks";
import { fromRow } from "../../../server/modules/catalog/store/rows";

/** Blocks per page of a read. */
const BLOCK_PAGE = 2000;

export interface LoadedDataset {
  meta: DatasetMeta;
  dataset: Dataset;
}

/** Reads the whole dataset; null when nothing was seeded or imported yet. */
export async function loadDataset(db: Db): Promise<LoadedDataset | null> {
  const meta = await readMeta(db);
  if (!meta) return null;
  const calendar = calendarOf(meta);
  const [marketRows, categoryRows, shopRows, goodsRows, influencerRows, videoRows, musicRows, hashtagRows, linkRows] =
    await Promise.all([
      db.select().from(markets),
      db.select().from(categories),
      db.select().from(shops),
      db.select().from(goods),
      db.select().from(influencers),
      db.select().from(videos),
      db.select().from(music),
      db.select().from(hashtags),
      db.select().from(showcaseLinks),
    ]);
  const core: Omit<DatasetCore, "series"> = {
    calendar,
    markets: marketRows.length ? marketRows.map(fromRow.market) : MARKETS.map((m) => ({ ...m })),
    categories: categoryRows.map(fromRow.category).sort((a, b) => a.id - b.id),
    shops: shopRows.map(fromRow.shop),
    goods: goodsRows.map(fromRow.goods),
    influencers: influencerRows.map(fromRow.influencer),
    videos: videoRows.map(fromRow.video),
    music: musicRows.map(fromRow.music),
    hashtags: hashtagRows.map(fromRow.hashtag),
    showcase: linkRows.map((l) => ({ influencerId: l.influencerId, goodsId: l.goodsId })),
  };
  // Tables come back in no particular order; sort by id so rows (and list ties) are stable.
  for (const kind of ["shops", ...ENTITY_KINDS] as const) (core[kind] as { id: string }[]).sort(byId);

  const builders = Object.fromEntries(
    ENTITY_KINDS.map((kind) => [
      kind,
      new SeriesBuilder(SERIES_METRICS[kind], core[kind].length, calendar.startDate, calendar.days),
    ]),
  ) as Record<EntityKind, SeriesBuilder>;
  const rows = Object.fromEntries(ENTITY_KINDS.map((kind) => [kind, rowIndex(core[kind])])) as Record<
    EntityKind,
    Map<string, number>
  >;
  for (const kind of ENTITY_KINDS) {
    for await (const page of blockPages(db, kind, calendar.startDate, calendar.endDate)) {
      for (const block of page) {
        const row = rows[kind].get(block.id);
        if (row === undefined) continue; // figures whose entity is gone (or never imported)
        copyBlock(builders[kind], row, block, calendar);
      }
    }
  }
  const series = Object.fromEntries(
    ENTITY_KINDS.map((kind) => [kind, builders[kind].build()]),
  ) as unknown as DatasetSeries;
  return { meta, dataset: deriveStats({ ...core, series }) };
}

/** A block's daily values into `row` of a builder for the calendar (days outside it are dropped). */
function copyBlock(builder: SeriesBuilder, row: number, block: MonthBlock, calendar: Calendar): void {
  const offset = daysBetween(calendar.startDate, block.month);
  const daily = dailyOfBlock(block);
  builder.metrics.forEach((metric, m) => {
    const values = daily[m];
    const from = Math.max(0, -offset);
    const to = Math.min(values.length, calendar.days - offset);
    for (let day = from; day < to; day++) if (values[day] !== 0) builder.set(metric, row, offset + day, values[day]);
  });
}

/**
 * Every block of `kind` for the months of days from..to, month by month (one partition each) in
 * pages of BLOCK_PAGE by id (keyset on the primary key, read in its order).
 */
async function* blockPages(
  db: Queryable,
  kind: EntityKind,
  from: BusinessDate,
  to: BusinessDate,
): AsyncGenerator<MonthBlock[]> {
  for (const month of monthsBetween(from, to)) {
    let after = "";
    for (;;) {
      const page = await selectBlocks(
        db,
        kind,
        sql`month = ${dateLiteral(month)} AND id > ${after} ORDER BY id LIMIT ${BLOCK_PAGE}`,
      );
      if (page.length) yield page;
      if (page.length < BLOCK_PAGE) break;
      after = page[page.length - 1].id;
    }
  }
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
