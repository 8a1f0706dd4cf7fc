// Fills the rank tables (rank_lists, rank_rows) with every rank list, computed in SQL from the
// daily-figure tables: every entity kind x rank type x window x market x category (music and
// hashtags: the whole market only), each cut at MAX_RANK_LIMIT rows (the deepest page any plan
// may see), with rank change against the same list over the previous window. Runs inside the
// caller's transaction (the oracle test's and bench/rank-tables.ts' today; the refresh job's,
// under its advisory lock, once lists are served from these tables): window sums go to temp tables dropped at commit, then one statement per rank type ranks all
// its lists at once (row_number over window x period x market x category key; ties end with
// the id ascending in byte order, as in the engine). Window sums read the month blocks of
// daily-figures.ts (blockSum); the rules are in rank-sql.ts.
import { sql, type SQL } from "drizzle-orm";
import { CATEGORY_ENTITIES } from "../../../../contract/rank";
import {
  ENTITY_KINDS,
  MARKET_CODES,
  MAX_RANK_LIMIT,
  RANK_TYPES,
  RANK_WINDOW_DAYS,
  RANK_WINDOWS,
  type EntityKind,
} from "../engine";
import { blockSum, DAILY_FIGURES, dateLiteral } from "./daily-figures";
import type { Queryable } from "./meta";
import { RANK_ENTITIES, RANK_SQL, type RankDates } from "./rank-sql";

export interface FilledRankTables {
  lists: number;
  rows: number;
  ms: number;
}

/** Sums for the list's window, the previous one (rank change) and the one before (growth). */
const PERIODS = 3;

const marketValues = sql.raw(`(VALUES ${MARKET_CODES.map((code) => `('${code}')`).join(", ")})`);

/** The temp tables every rank type reads, built once per fill. */
async function prepare(tx: Queryable, dates: RankDates): Promise<void> {
  const start = dateLiteral(dates.startDate);
  const end = dateLiteral(dates.endDate);
  const windows = RANK_WINDOWS.map((w) => `(${RANK_WINDOW_DAYS[w]}, '${w}')`).join(", ");
  const periods = Array.from({ length: PERIODS }, (_, p) => `(${p})`).join(", ");
  await tx.execute(
    sql.raw(`CREATE TEMP TABLE rank_windows ON COMMIT DROP AS
    SELECT * FROM (VALUES ${windows}) w(window_days, label)`),
  );
  await tx.execute(
    sql.raw(`CREATE TEMP TABLE rank_periods ON COMMIT DROP AS
    SELECT w.window_days, p.period FROM rank_windows w CROSS JOIN (VALUES ${periods}) p(period)`),
  );
  // A period's days: from its first (not before the calendar's start) to its last.
  const periodEnd = sql`(${end} - w.period * w.window_days)`;
  const periodStart = sql`greatest(${periodEnd} - w.window_days + 1, ${start})`;
  for (const kind of ENTITY_KINDS) {
    const { table, columns } = DAILY_FIGURES[kind];
    const sums = sql.join(
      Object.values(columns).map(
        (c) => sql`sum(${blockSum(c, periodStart, periodEnd)})::bigint AS ${sql.identifier(c)}`,
      ),
      sql`, `,
    );
    // Each period of each window sums the (one or two) month blocks it overlaps.
    await tx.execute(sql`CREATE TEMP TABLE ${sql.identifier(`rank_sums_${kind}`)} ON COMMIT DROP AS
      SELECT w.window_days, w.period, b.id, ${sums}
      FROM rank_periods w JOIN ${sql.identifier(table)} b
        ON b.month <= ${periodEnd} AND b.month + interval '1 month' > ${periodStart}
      GROUP BY 1, 2, 3`);
  }
  // Followers when each period starts: the initial count plus every gain since the calendar's start.
  const before = sql`${periodStart} - 1`;
  await tx.execute(sql`CREATE TEMP TABLE rank_followers ON COMMIT DROP AS
    SELECT w.window_days, w.period, i.id,
      (i.initial_followers + coalesce(sum(${blockSum("followers_gained", start, before)}), 0))::bigint AS at_start
    FROM influencers i CROSS JOIN rank_periods w
    LEFT JOIN influencers_months b ON b.id = i.id AND b.month <= ${before} AND b.month + interval '1 month' > ${start}
    WHERE w.period < 2
    GROUP BY 1, 2, 3, i.initial_followers`);
  // A goods' first active day within the calendar: a block's first active day, or for the block
  // the calendar starts in, the first day from the start on which a running total moves.
  const goodsColumns = Object.values(DAILY_FIGURES.goods.columns);
  const moves = goodsColumns.map((c) => `b."${c}"[d] <> coalesce(b."${c}"[d - 1], 0)`).join(" OR ");
  await tx.execute(sql`CREATE TEMP TABLE rank_first_day ON COMMIT DROP AS
    SELECT id, min(first_day) AS first_day FROM (
      SELECT b.id, CASE WHEN b.first_active >= ${start} THEN b.first_active
        ELSE (SELECT min(b.month + d - 1) FROM generate_series(${start} - b.month + 1, cardinality(b.sales_volume)) d
          WHERE ${sql.raw(moves)}) END AS first_day
      FROM goods_months b WHERE b.month <= ${end} AND b.month + interval '1 month' > ${start}
    ) f WHERE first_day <= ${end} GROUP BY id`);
  // Each category with itself and its ancestors: a list of a category holds its descendants.
  await tx.execute(sql`CREATE TEMP TABLE rank_category_keys ON COMMIT DROP AS
    WITH RECURSIVE up(category_id, key_id) AS (
      SELECT id, id FROM categories
      UNION SELECT up.category_id, c.parent_id FROM up JOIN categories c ON c.id = up.key_id WHERE c.parent_id IS NOT NULL
    ) SELECT up.* FROM up JOIN categories c ON c.id = up.key_id`);
  await tx.execute(sql`CREATE TEMP TABLE rank_work (
      window_days integer, period integer, suffix text, id text, metrics jsonb, rank bigint, total bigint
    ) ON COMMIT DROP`);
  await tx.execute(
    sql.raw(`ANALYZE rank_periods, ${ENTITY_KINDS.map((k) => `rank_sums_${k}`).join(", ")},
    rank_followers, rank_first_day, rank_category_keys`),
  );
}

/** Ranks every list of one rank type into rank_work (periods 0 and 1). */
function rankStatement(kind: EntityKind, scored: SQL): SQL {
  const byCategory = CATEGORY_ENTITIES.includes(kind)
    ? sql`UNION ALL SELECT sc.*, e.market || '/' || k.key_id AS suffix
        FROM scored sc JOIN entities e ON e.id = sc.id JOIN rank_category_keys k ON k.category_id = e.category_id
        WHERE e.market IN ${marketValues}`
    : sql``;
  return sql`INSERT INTO rank_work (window_days, period, suffix, id, metrics, rank, total)
    WITH scored AS (${scored}), entities AS (${RANK_ENTITIES[kind]}),
    keyed AS (
      SELECT sc.*, e.market || '/all' AS suffix FROM scored sc JOIN entities e ON e.id = sc.id
      WHERE e.market IN ${marketValues}
      ${byCategory}
    )
    SELECT window_days, period, suffix, id, metrics,
      row_number() OVER (PARTITION BY window_days, period, suffix ORDER BY o1 DESC, o2 DESC, o3 DESC, id COLLATE "C"),
      count(*) OVER (PARTITION BY window_days, period, suffix)
    FROM keyed`;
}

async function fillRankType(tx: Queryable, kind: EntityKind, rankType: string, dates: RankDates): Promise<void> {
  const prefix = `${kind}/${rankType}/`;
  const scored = (RANK_SQL[kind] as Record<string, (d: RankDates) => SQL>)[rankType](dates);
  await tx.execute(sql`TRUNCATE rank_work`);
  await tx.execute(rankStatement(kind, scored));
  await tx.execute(sql`INSERT INTO rank_rows (list_key, rank, id, rank_change, metrics)
    SELECT ${prefix} || w.label || '/' || c.suffix, c.rank, c.id, (p.rank - c.rank)::integer, c.metrics
    FROM rank_work c JOIN rank_windows w ON w.window_days = c.window_days
    LEFT JOIN rank_work p ON p.period = 1 AND p.window_days = c.window_days AND p.suffix = c.suffix
      AND p.id = c.id AND p.rank <= ${MAX_RANK_LIMIT}
    WHERE c.period = 0 AND c.rank <= ${MAX_RANK_LIMIT}`);
  const categories = CATEGORY_ENTITIES.includes(kind)
    ? sql`SELECT NULL::integer AS id UNION ALL SELECT id FROM categories`
    : sql`SELECT NULL::integer AS id`;
  await tx.execute(sql`INSERT INTO rank_lists (list_key, entity, rank_type, "window", market, category_id, end_date, total)
    SELECT ${prefix} || w.label || '/' || m.code || '/' || coalesce(c.id::text, 'all'), ${kind}, ${rankType},
      w.label, m.code, c.id, ${dateLiteral(dates.endDate)}, coalesce(t.total, 0)
    FROM rank_windows w CROSS JOIN ${marketValues} m(code) CROSS JOIN (${categories}) c
    LEFT JOIN (SELECT window_days, suffix, max(total)::integer AS total FROM rank_work WHERE period = 0 GROUP BY 1, 2) t
      ON t.window_days = w.window_days AND t.suffix = m.code || '/' || coalesce(c.id::text, 'all')`);
}

/**
 * Replaces the rank tables with every list for the snapshot whose calendar starts on
 * `dates.startDate` and ends on `dates.endDate`. Call inside a transaction.
 */
export async function fillRankTables(tx: Queryable, dates: RankDates): Promise<FilledRankTables> {
  const started = performance.now();
  await tx.execute(sql`TRUNCATE rank_rows, rank_lists`);
  await prepare(tx, dates);
  for (const kind of ENTITY_KINDS)
    for (const rankType of RANK_TYPES[kind]) await fillRankType(tx, kind, rankType, dates);
  const counted = await tx.execute(
    sql`SELECT (SELECT count(*) FROM rank_lists)::integer AS lists, (SELECT count(*) FROM rank_rows)::integer AS rows`,
  );
  const [{ lists, rows }] = (counted as { rows: { lists: number; rows: number }[] }).rows;
  return { lists, rows, ms: performance.now() - started };
}
