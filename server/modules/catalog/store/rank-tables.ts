// Fills the rank tables (rank_lists, rank_rows) with a generation of every rank list, computed
// in SQL from the daily-figure tables: every entity kind x rank type x window x market x
// category (music and hashtags: the whole market only), each cut at MAX_RANK_LIMIT rows (the
// deepest page any plan may see), with rank change against the same list over the previous
// window. A generation's lists have keys that start with its number ("12/goods/top-sale/7d/VN/all",
// rankListKey) and its rows go to its own partition of rank_rows (added at the fill's start:
// addRankRowsPartition), so a fill writes beside the generation readers are reading, never empties
// or locks it; store/rank-generations.ts publishes a generation with the snapshot version and drops
// the old ones. The fill is a sequence of statements, each short (bench/rank-tables.ts measures the
// longest), yielding the event loop between them: on PostgreSQL they run in the caller's
// transaction, on PGlite (one connection, in the server's thread) each on its own, so other queries
// run in between. The work is cut in units, a kind's rank type over one window, that several
// connections can share from one queue (store/fill-queue.ts; fillRankUnits here;
// store/rank-generations.ts shares them out on PostgreSQL when RANK_FILL_CONNECTIONS is above 1),
// each connection building a kind's own temp tables before its first unit of that kind, and a
// kind's window sums of one window before its first unit that reads them. Window sums go to temp
// tables; per rank type and window one statement scores every entity (its market and list
// category, order keys, and the row metrics for the list's own period), then per market one
// statement ranks all its lists (row_number over period x category key; ties end with the id
// ascending in byte order, as in the engine), one writes its lists and one its rows: no statement
// sorts more than one market, and the metrics' jsonb is built once per entity and carried only into
// the rows kept. Each row also carries its entity's card total (calendar-sums.ts: summed once per
// entity per fill), and each list the calendar those cover, so a page's cards read them stored
// (cards-sql.ts). Window sums read the month blocks of daily-figures.ts (blockSum); the rules are
// in rank-sql.ts.
import { sql, type SQL } from "drizzle-orm";
import { CATEGORY_ENTITIES } from "../../../../contract/rank";
import {
  addDays,
  ENTITY_KINDS,
  MARKET_CODES,
  MAX_RANK_LIMIT,
  RANK_WINDOW_DAYS,
  RANK_WINDOWS,
  type BusinessDate,
  type EntityKind,
  type MarketCode,
  type RankWindow,
} from "../engine";
import { CARD_TOTAL_METRICS, everyCardTotal, type CardTotalKind } from "./calendar-sums";
import { blockSum, DAILY_FIGURES, dateLiteral } from "./daily-figures";
import type { Queryable } from "./meta";
import { FillQueue, type FillNeed } from "./fill-queue";
import { RANK_ENTITIES, scoredSelection, type RankDates } from "./rank-sql";

/** A statement's label and how long it held the connection. */
export interface FillStatement {
  label: string;
  ms: number;
}

export interface FillOptions {
  /**
   * Awaited after each statement, once the event loop has had its turn (the oracle test reads
   * a page here, bench/rank-tables.ts collects the times).
   */
  afterStatement?: (statement: FillStatement) => void | Promise<void>;
  /**
   * After each statement, pause as long as it ran (at most 250 ms) before the next one: for a
   * fill on PGlite inside a serving process, where a statement holds the process's thread, so
   * requests get at least half of it while the fill runs (the fill takes up to twice as long).
   */
  restAfterStatement?: boolean;
}

export interface FilledRankTables {
  generation: number;
  lists: number;
  rows: number;
  /** The connections that filled lists (RANK_FILL_CONNECTIONS on PostgreSQL; else 1). */
  connections: number;
  ms: number;
  statements: number;
  /** The statement that held the connection longest: on PGlite, the fill's longest stall. */
  longest: FillStatement;
}

/** Runs the fill's statements one at a time, yielding the event loop between them. */
class Statements {
  count = 0;
  longest: FillStatement = { label: "", ms: 0 };

  constructor(
    private readonly q: Queryable,
    private readonly options: FillOptions,
  ) {}

  async statement(label: string, statement: SQL): Promise<void> {
    const started = performance.now();
    await this.q.execute(statement);
    const done = { label, ms: performance.now() - started };
    this.count++;
    if (done.ms > this.longest.ms) this.longest = done;
    // On PGlite every other query of the process waits while a statement runs: let them in.
    if (this.options.restAfterStatement) await new Promise((resolve) => setTimeout(resolve, Math.min(done.ms, 250)));
    else await new Promise((resolve) => setImmediate(resolve));
    await this.options.afterStatement?.(done);
  }
}

/** The key of one list of one generation; category null is the whole market ("all"). */
export function rankListKey(
  generation: number,
  list: { entity: EntityKind; rankType: string; window: RankWindow; market: MarketCode; categoryId: number | null },
): string {
  return `${generation}/${list.entity}/${list.rankType}/${list.window}/${list.market}/${list.categoryId ?? "all"}`;
}

/** The partition of rank_rows holding generation `generation`'s rows (migration 0024). */
export function rankRowsPartition(generation: number): string {
  if (!Number.isSafeInteger(generation) || generation < 1) throw new Error(`not a generation: ${generation}`);
  return `rank_rows_${generation}`;
}

/**
 * Adds generation `generation`'s partition of rank_rows, empty: created apart, then attached,
 * which locks rank_rows only against other changes of its partitions (SHARE UPDATE EXCLUSIVE),
 * so that readers go on reading it while a PostgreSQL fill's transaction holds that lock
 * (CREATE TABLE ... PARTITION OF would lock them out until its commit).
 */
async function addRankRowsPartition(run: Statements, generation: number): Promise<void> {
  const partition = sql.identifier(rankRowsPartition(generation));
  await run.statement("add the rows' partition", sql`CREATE TABLE ${partition} (LIKE rank_rows)`);
  await run.statement(
    "attach the rows' partition",
    sql`ALTER TABLE rank_rows ATTACH PARTITION ${partition} FOR VALUES IN (${sql.raw(String(generation))})`,
  );
}

/** Sums for the list's window, the previous one (rank change) and the one before (growth). */
const PERIODS = 3;

/** The fill's temp tables: on its connection only, dropped at its end. */
const TEMP_TABLES = [
  "rank_windows",
  "rank_periods",
  ...ENTITY_KINDS.map((kind) => `rank_sums_${kind}`),
  "rank_followers",
  "rank_first_day",
  "rank_category_keys",
  "rank_card_totals",
  "rank_entities",
  "rank_scored",
  "rank_work",
];

/** First day of a date's month. */
const monthOf = (date: BusinessDate): BusinessDate => `${date.slice(0, 7)}-01`;

/**
 * One kind's window sums of one period of one window into rank_sums_<kind> (the one or two month
 * blocks each entity has in it), and for an influencer's periods 0 and 1 the followers when the
 * period starts (the initial count plus every gain since the calendar's start).
 */
async function sumPeriod(
  run: Statements,
  dates: RankDates,
  sums: { kind: EntityKind; window: RankWindow; period: number },
): Promise<void> {
  const { kind, window, period } = sums;
  const days = RANK_WINDOW_DAYS[window];
  const last = addDays(dates.endDate, -period * days);
  const firstDay = addDays(last, 1 - days);
  const first = firstDay > dates.startDate ? firstDay : dates.startDate;
  const [from, to] = [dateLiteral(first), dateLiteral(last)];
  const key = sql`${days}::integer, ${period}::integer`;
  const { table, columns } = DAILY_FIGURES[kind];
  const summed = sql.join(
    Object.values(columns).map((c) => sql`sum(${blockSum(c, from, to)})::bigint`),
    sql`, `,
  );
  await run.statement(
    `sums of ${kind}: ${window} period ${period}`,
    sql`INSERT INTO ${sql.identifier(`rank_sums_${kind}`)}
    SELECT ${key}, b.id, ${summed} FROM ${sql.identifier(table)} b
    WHERE b.month >= ${dateLiteral(monthOf(first))} AND b.month <= ${to}
    GROUP BY b.id`,
  );
  if (kind !== "influencers" || period >= 2) return;
  const start = dateLiteral(dates.startDate);
  const before = sql`${from} - 1`;
  await run.statement(
    `followers: ${window} period ${period}`,
    sql`INSERT INTO rank_followers
    SELECT ${key}, i.id,
      (i.initial_followers + coalesce(sum(${blockSum("followers_gained", start, before)}), 0))::bigint
    FROM influencers i
    LEFT JOIN influencers_months b ON b.id = i.id AND b.month < ${from} AND b.month >= ${dateLiteral(monthOf(dates.startDate))}
    GROUP BY i.id, i.initial_followers`,
  );
}

/** The temp tables every unit reads, built once per connection (the kinds' own: prepareKind). */
async function prepare(run: Statements): Promise<void> {
  const windows = RANK_WINDOWS.map((w) => `(${RANK_WINDOW_DAYS[w]}, '${w}')`).join(", ");
  const periods = Array.from({ length: PERIODS }, (_, p) => `(${p})`).join(", ");
  await run.statement(
    "windows",
    sql.raw(`CREATE TEMP TABLE rank_windows AS SELECT * FROM (VALUES ${windows}) w(window_days, label)`),
  );
  await run.statement(
    "periods",
    sql.raw(`CREATE TEMP TABLE rank_periods AS
    SELECT w.window_days, p.period FROM rank_windows w CROSS JOIN (VALUES ${periods}) p(period)`),
  );
  for (const kind of ENTITY_KINDS) {
    const { columns } = DAILY_FIGURES[kind];
    const metrics = sql.join(
      Object.values(columns).map((c) => sql`${sql.identifier(c)} bigint`),
      sql`, `,
    );
    await run.statement(
      `sums of ${kind}: table`,
      sql`CREATE TEMP TABLE ${sql.identifier(`rank_sums_${kind}`)} (window_days integer, period integer, id text, ${metrics})`,
    );
  }
  await run.statement(
    "followers: table",
    sql`CREATE TEMP TABLE rank_followers (window_days integer, period integer, id text, at_start bigint)`,
  );
  await run.statement("first days of goods: table", sql`CREATE TEMP TABLE rank_first_day (id text, first_day date)`);
  await run.statement("card totals: table", sql`CREATE TEMP TABLE rank_card_totals (kind text, id text, total float8)`);
  // Each category with itself and its ancestors: a list of a category holds its descendants.
  await run.statement(
    "category keys",
    sql`CREATE TEMP TABLE rank_category_keys AS
    WITH RECURSIVE up(category_id, key_id) AS (
      SELECT id, id FROM categories
      UNION SELECT up.category_id, c.parent_id FROM up JOIN categories c ON c.id = up.key_id WHERE c.parent_id IS NOT NULL
    ) SELECT up.* FROM up JOIN categories c ON c.id = up.key_id`,
  );
  await run.statement(
    "entities table",
    sql`CREATE TEMP TABLE rank_entities (kind text, id text, market text, category_id integer)`,
  );
  await run.statement(
    "scored table",
    sql`CREATE TEMP TABLE rank_scored (period integer, id text, market text, category_id integer,
      o1 float8, o2 float8, o3 float8, metrics jsonb, card_total float8)`,
  );
  await run.statement(
    "work table",
    sql`CREATE TEMP TABLE rank_work (period integer, suffix text, id text, rank bigint, total bigint)`,
  );
  // These two are analyzed after every refill (hundreds of times per fill): the planner only
  // needs their sizes and the join keys' spread, so a small sample of the keys (3,000 rows
  // instead of 30,000) and none of the other columns.
  await run.statement(
    "statistics targets",
    sql.raw(`ALTER TABLE rank_scored ALTER COLUMN period SET STATISTICS 10, ALTER COLUMN id SET STATISTICS 10,
      ALTER COLUMN market SET STATISTICS 10, ALTER COLUMN category_id SET STATISTICS 10,
      ALTER COLUMN o1 SET STATISTICS 0, ALTER COLUMN o2 SET STATISTICS 0, ALTER COLUMN o3 SET STATISTICS 0,
      ALTER COLUMN metrics SET STATISTICS 0, ALTER COLUMN card_total SET STATISTICS 0`),
  );
  await run.statement(
    "statistics targets",
    sql.raw(`ALTER TABLE rank_work ALTER COLUMN period SET STATISTICS 10, ALTER COLUMN suffix SET STATISTICS 10,
      ALTER COLUMN id SET STATISTICS 10, ALTER COLUMN rank SET STATISTICS 10, ALTER COLUMN total SET STATISTICS 0`),
  );
  await run.statement("analyze", sql.raw(`ANALYZE rank_periods, rank_category_keys`));
}

/**
 * One kind's window sums of one window, built on a connection before its first unit that reads
 * them: one statement per period, each reading only the month partitions the period overlaps (its
 * dates are literals, so none holds the connection long), and an influencer's followers at each
 * period's start.
 */
async function prepareWindow(run: Statements, dates: RankDates, kind: EntityKind, window: RankWindow): Promise<void> {
  for (let period = 0; period < PERIODS; period++) await sumPeriod(run, dates, { kind, window, period });
  const analyzed = [`rank_sums_${kind}`, ...(kind === "influencers" ? ["rank_followers"] : [])];
  await run.statement(`analyze ${kind}/${window}`, sql.raw(`ANALYZE ${analyzed.join(", ")}`));
}

/**
 * One kind's own temp tables, built on a connection before its first unit of that kind: its
 * entities' markets and list categories (a video's the joined product's or creator's: joined once
 * per kind, not once per list's market), a product's first active day, and the kind's card totals.
 */
async function prepareKind(run: Statements, dates: RankDates, kind: EntityKind): Promise<void> {
  await run.statement(
    `entities of ${kind}`,
    sql`INSERT INTO rank_entities SELECT ${kind}::text, e.id, e.market, e.category_id FROM (${RANK_ENTITIES[kind]}) e`,
  );
  const analyzed = ["rank_entities"];
  if (kind === "goods") {
    // A goods' first active day within the calendar: a block's first active day, or for the
    // block the calendar starts in, the first day from the start on which a running total moves.
    const start = dateLiteral(dates.startDate);
    const end = dateLiteral(dates.endDate);
    const goodsColumns = Object.values(DAILY_FIGURES.goods.columns);
    const moves = goodsColumns.map((c) => `b."${c}"[d] <> coalesce(b."${c}"[d - 1], 0)`).join(" OR ");
    await run.statement(
      "first days of goods",
      sql`INSERT INTO rank_first_day
      SELECT id, min(first_day) AS first_day FROM (
        SELECT b.id, CASE WHEN b.first_active >= ${start} THEN b.first_active
          ELSE (SELECT min(b.month + d - 1) FROM generate_series(${start} - b.month + 1, cardinality(b.sales_volume)) d
            WHERE ${sql.raw(moves)}) END AS first_day
        FROM goods_months b WHERE b.month <= ${end} AND b.month + interval '1 month' > ${start}
      ) f WHERE first_day <= ${end} GROUP BY id`,
    );
    analyzed.push("rank_first_day");
  }
  // Every entity's card total over the calendar, once per fill (the rows carry them).
  if (kind in CARD_TOTAL_METRICS) {
    await run.statement(
      `card totals of ${kind}`,
      sql`INSERT INTO rank_card_totals SELECT ${kind}, c.id, c.total FROM (${everyCardTotal(kind as CardTotalKind, dates)}) c`,
    );
    analyzed.push("rank_card_totals");
  }
  await run.statement(`analyze ${kind}`, sql.raw(`ANALYZE ${analyzed.join(", ")}`));
}

/**
 * Scores every entity of one rank type and window into rank_scored (periods 0 and 1): its market
 * and list category (rank_entities), its order keys, and its row metrics and card total for
 * period 0 only (the previous period's only give rank change).
 */
function scoreStatement(kind: EntityKind, scored: SQL, windowDays: number): SQL {
  const totals = kind in CARD_TOTAL_METRICS;
  return sql`INSERT INTO rank_scored (period, id, market, category_id, o1, o2, o3, metrics, card_total)
    SELECT s0.period, s0.id, e.market, e.category_id, s0.o1, s0.o2, s0.o3, CASE WHEN s0.period = 0 THEN s0.metrics END,
      ${totals ? sql`CASE WHEN s0.period = 0 THEN coalesce(ct.total, 0) END` : sql`NULL::float8`}
    FROM (${scored}) s0
    JOIN rank_entities e ON e.kind = ${kind} AND e.id = s0.id
    ${totals ? sql`LEFT JOIN rank_card_totals ct ON s0.period = 0 AND ct.kind = ${kind} AND ct.id = s0.id` : sql``}
    WHERE s0.window_days = ${sql.raw(String(windowDays))}`;
}

/**
 * Ranks every list of one market into rank_work (periods 0 and 1): row_number over period x
 * category key, the market-wide list's key being "all". The scored rows carry their market and
 * category: no join with the kind's entities per market (for videos a join of three tables,
 * and a hash of every scored row, six times per rank type and window).
 */
function rankStatement(kind: EntityKind, market: MarketCode): SQL {
  const byCategory = CATEGORY_ENTITIES.includes(kind)
    ? sql`UNION ALL SELECT sc.period, sc.id, sc.o1, sc.o2, sc.o3, ${market}::text || '/' || k.key_id AS suffix
        FROM rank_scored sc JOIN rank_category_keys k ON k.category_id = sc.category_id WHERE sc.market = ${market}`
    : sql``;
  return sql`INSERT INTO rank_work (period, suffix, id, rank, total)
    WITH keyed AS (
      SELECT sc.period, sc.id, sc.o1, sc.o2, sc.o3, ${market}::text || '/all' AS suffix
      FROM rank_scored sc WHERE sc.market = ${market}
      ${byCategory}
    )
    SELECT period, suffix, id,
      row_number() OVER (PARTITION BY period, suffix ORDER BY o1 DESC, o2 DESC, o3 DESC, id COLLATE "C"),
      count(*) OVER (PARTITION BY period, suffix)
    FROM keyed`;
}

/** The statements of one rank type and window: score, then per market rank, lists and rows. */
interface ListOf {
  generation: number;
  kind: EntityKind;
  rankType: string;
  window: RankWindow;
}

async function fillWindow(run: Statements, list: ListOf, scored: SQL, dates: RankDates): Promise<void> {
  const { generation, kind, rankType, window } = list;
  const label = `${kind}/${rankType}/${window}`;
  const prefix = `${generation}/${kind}/${rankType}/${window}/`;
  await run.statement(`${label}: clear`, sql`TRUNCATE rank_scored`);
  await run.statement(`${label}: score`, scoreStatement(kind, scored, RANK_WINDOW_DAYS[window]));
  // Temp tables get no autovacuum: without fresh statistics the planner takes the refilled
  // tables for empty and joins them by nested loops (minutes instead of seconds at scale 1).
  await run.statement(`${label}: analyze`, sql`ANALYZE rank_scored`);
  const categories = CATEGORY_ENTITIES.includes(kind)
    ? sql`SELECT NULL::integer AS id UNION ALL SELECT id FROM categories`
    : sql`SELECT NULL::integer AS id`;
  for (const market of MARKET_CODES) {
    await run.statement(`${label}/${market}: clear`, sql`TRUNCATE rank_work`);
    await run.statement(`${label}/${market}: rank`, rankStatement(kind, market));
    await run.statement(`${label}/${market}: analyze`, sql`ANALYZE rank_work`);
    // Lists first: every row of rank_rows then belongs to a list, which is how a generation's
    // rows are found again (store/rank-generations.ts).
    await run.statement(
      `${label}/${market}: lists`,
      sql`INSERT INTO rank_lists (list_key, entity, rank_type, "window", market, category_id, end_date, total, calendar_start)
      SELECT ${prefix}::text || ${market}::text || '/' || coalesce(c.id::text, 'all'), ${kind}, ${rankType}, ${window}, ${market}, c.id,
        ${dateLiteral(dates.endDate)}, coalesce(t.total, 0), ${dateLiteral(dates.startDate)}
      FROM (${categories}) c
      LEFT JOIN (SELECT suffix, max(total)::integer AS total FROM rank_work WHERE period = 0 GROUP BY 1) t
        ON t.suffix = ${market}::text || '/' || coalesce(c.id::text, 'all')`,
    );
    await run.statement(
      `${label}/${market}: rows`,
      sql`INSERT INTO ${sql.identifier(rankRowsPartition(generation))} (generation, list_key, rank, id, rank_change, metrics, card_total)
      SELECT ${generation}::integer, ${prefix}::text || w.suffix, w.rank, w.id, (p.rank - w.rank)::integer, sc.metrics, sc.card_total
      FROM rank_work w JOIN rank_scored sc ON sc.period = 0 AND sc.market = ${market} AND sc.id = w.id
      LEFT JOIN rank_work p ON p.period = 1 AND p.suffix = w.suffix AND p.id = w.id AND p.rank <= ${MAX_RANK_LIMIT}
      WHERE w.period = 0 AND w.rank <= ${MAX_RANK_LIMIT}`,
    );
  }
}

const dropTemp = sql.raw(`DROP TABLE IF EXISTS ${TEMP_TABLES.map((t) => `pg_temp.${t}`).join(", ")}`);

/** What one connection wrote of a generation (fillRankUnits). */
export interface FilledPart {
  /** Units filled. */
  units: number;
  lists: number;
  rows: number;
  statements: number;
  longest: FillStatement;
}

/**
 * Adds generation `generation`'s partition of rank_rows, empty (addRankRowsPartition): on
 * PostgreSQL in the fill's transaction, or on its own before a fill shared by several connections
 * (store/rank-generations.ts), which then write into it from their own transactions.
 */
export async function addGenerationPartition(
  q: Queryable,
  generation: number,
  options: FillOptions = {},
): Promise<Pick<FilledPart, "statements" | "longest">> {
  if (!Number.isSafeInteger(generation) || generation < 1) throw new Error(`not a generation: ${generation}`);
  const run = new Statements(q, options);
  await addRankRowsPartition(run, generation);
  return { statements: run.count, longest: run.longest };
}

/** The longer of two statements. */
export function longerStatement(a: FillStatement, b: FillStatement): FillStatement {
  return b.ms > a.ms ? b : a;
}

/**
 * Fills the units `queue` hands out (until none is left) of generation `generation`, whose
 * partition of rank_rows is there already (addGenerationPartition), on `q`'s connection: the
 * temp tables every unit reads built first, a kind's own (prepareKind) and its window sums of one
 * window (prepareWindow) before the first unit that needs them (FillUnit.needs), all dropped after.
 * Returns what it wrote, counted in its own view: on PostgreSQL its transaction's (a fill shared
 * by several connections sums their parts), on PGlite the one session's. `q` is a transaction on
 * PostgreSQL (the temp tables live on its connection).
 */
export async function fillRankUnits(
  q: Queryable,
  dates: RankDates,
  generation: number,
  queue: FillQueue,
  options: FillOptions = {},
): Promise<FilledPart> {
  const run = new Statements(q, options);
  const built = new Set<FillNeed>();
  let units = 0;
  await run.statement("drop leftover temp tables", dropTemp);
  try {
    await prepare(run);
    for (let unit = queue.take(built); unit; unit = queue.take(built), units++) {
      const { kind, rankType, window } = unit;
      for (const need of unit.needs)
        if (!built.has(need)) {
          const [needed, summed] = need.split("/") as [EntityKind, RankWindow?];
          await (summed ? prepareWindow(run, dates, needed, summed) : prepareKind(run, dates, needed));
          built.add(need);
        }
      await fillWindow(run, { generation, kind, rankType, window }, scoredSelection(kind, rankType, dates), dates);
    }
    await run.statement("drop temp tables", dropTemp);
  } catch (error) {
    // PGlite keeps its one session: leave no temp tables behind (a failed PostgreSQL
    // transaction drops them itself, and refuses any further statement).
    await q.execute(dropTemp).catch(() => undefined);
    throw error;
  }
  const counted = await q.execute(
    sql`SELECT count(*)::integer AS lists, coalesce(sum(least(total, ${MAX_RANK_LIMIT})), 0)::integer AS rows
      FROM rank_lists WHERE list_key LIKE ${`${generation}/%`}`,
  );
  const [{ lists, rows }] = (counted as { rows: { lists: number; rows: number }[] }).rows;
  return { units, lists, rows, statements: run.count, longest: run.longest };
}

/**
 * Writes generation `generation` of every list for the snapshot whose calendar starts on
 * `dates.startDate` and ends on `dates.endDate`, next to the generations already stored (which
 * readers keep reading; nothing they read is emptied or locked against them), on one connection.
 * The generation must not be stored yet (store/rank-generations.ts drops leftovers of a fill that
 * did not finish). `q` is a transaction on PostgreSQL (the temp tables live on its connection) or
 * PGlite's database, where each statement then commits on its own and other queries run between
 * them.
 */
export async function fillRankGeneration(
  q: Queryable,
  dates: RankDates,
  generation: number,
  options: FillOptions = {},
): Promise<FilledRankTables> {
  const started = performance.now();
  const partition = await addGenerationPartition(q, generation, options);
  const part = await fillRankUnits(q, dates, generation, new FillQueue(dates), options);
  return {
    generation,
    lists: part.lists,
    rows: part.rows,
    connections: 1,
    ms: performance.now() - started,
    statements: partition.statements + part.statements,
    longest: longerStatement(partition.longest, part.longest),
  };
}
