// What an import run leaves dangling, read with SQL from its journal (import_keys, import_days)
// and the stored tables, so no check holds the dataset in memory: daily values outside the
// calendar (not stored), records that name a category, shop, influencer, goods, music or hashtag
// the catalogue does not have, links to unknown influencers or goods, and daily lines of ids
// without a record; the same subjects and reasons as dataset/build-dataset.ts, for the records
// this run imported. Each check keeps its first LIMIT rows and counts them all.
import { sql, type SQL } from "drizzle-orm";
import { DAILY_ENTITY_OF_KIND, ENTITY_KINDS, type BuildProblem, type Calendar } from "../engine";
import type { Queryable } from "../store/meta";

const LIMIT = 1000;

export interface Problems {
  /** The first ones of each check (at most 1,000 each). */
  list: BuildProblem[];
  count: number;
}

interface Row {
  subject: string;
  reason: string;
  total: string | number;
}

/** One check: `select` yields subject and reason columns; counted over every row before the limit. */
async function check(db: Queryable, select: SQL, into: Problems): Promise<void> {
  const result = await db.execute(sql`SELECT subject, reason, count(*) OVER () AS total FROM (${select}) AS p
    ORDER BY subject, reason LIMIT ${LIMIT}`);
  const rows = (result as { rows: Row[] }).rows;
  into.list.push(...rows.map(({ subject, reason }) => ({ subject, reason })));
  into.count += Number(rows[0]?.total ?? 0);
}

/** Records of `type` this run imported whose `column` names no row of `target`. */
function unknown(runId: number, type: string, table: string, column: string, target: string, label: string): SQL {
  return sql.raw(`SELECT '${type} ' || e.id AS subject, 'unknown ${label} ' || e.${column} AS reason
    FROM import_keys k JOIN ${table} e ON e.id::text = k.key
    WHERE k.run_id = ${runId} AND k.type = '${type}' AND e.${column} IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM ${target} t WHERE t.id = e.${column})`);
}

export async function importProblems(db: Queryable, runId: number, calendar: Calendar): Promise<Problems> {
  const problems: Problems = { list: [], count: 0 };
  const kindEntity = sql.raw(
    `CASE d.kind ${ENTITY_KINDS.map((kind) => `WHEN '${kind}' THEN '${DAILY_ENTITY_OF_KIND[kind]}'`).join(" ")} END`,
  );
  await check(
    db,
    sql`SELECT DISTINCT 'daily ' || ${kindEntity} || ' ' || d.id || ' ' || d.day::text AS subject,
        ${`date outside ${calendar.startDate}..${calendar.endDate}`}::text AS reason
      FROM import_days d WHERE d.run_id = ${runId}
        AND (d.day < ${calendar.startDate}::date OR d.day > ${calendar.endDate}::date)`,
    problems,
  );
  for (const select of [
    unknown(runId, "category", "categories", "parent_id", "categories", "parent category"),
    unknown(runId, "shop", "shops", "category_id", "categories", "category"),
    unknown(runId, "goods", "goods", "shop_id", "shops", "shop"),
    unknown(runId, "goods", "goods", "category_id", "categories", "category"),
    unknown(runId, "influencer", "influencers", "category_id", "categories", "category"),
    unknown(runId, "video", "videos", "influencer_id", "influencers", "influencer"),
    unknown(runId, "video", "videos", "goods_id", "goods", "goods"),
    unknown(runId, "video", "videos", "music_id", "music", "music"),
    sql`SELECT 'video ' || e.id AS subject, 'unknown hashtag ' || h.id AS reason
      FROM import_keys k JOIN videos e ON e.id = k.key CROSS JOIN LATERAL unnest(e.hashtag_ids) AS h(id)
      WHERE k.run_id = ${runId} AND k.type = 'video' AND NOT EXISTS (SELECT 1 FROM hashtags t WHERE t.id = h.id)`,
    sql`SELECT 'link ' || split_part(k.key, ' ', 1) || ' -> ' || split_part(k.key, ' ', 2) AS subject,
        'unknown influencer or goods' AS reason
      FROM import_keys k WHERE k.run_id = ${runId} AND k.type = 'link'
        AND (NOT EXISTS (SELECT 1 FROM influencers i WHERE i.id = split_part(k.key, ' ', 1))
          OR NOT EXISTS (SELECT 1 FROM goods g WHERE g.id = split_part(k.key, ' ', 2)))`,
  ])
    await check(db, select, problems);
  // Each kind's table is named as the kind.
  for (const kind of ENTITY_KINDS) {
    const entity = DAILY_ENTITY_OF_KIND[kind];
    await check(
      db,
      sql`SELECT DISTINCT ${`daily ${entity} `}::text || d.id AS subject, ${`no ${entity} with this id`}::text AS reason
        FROM import_days d WHERE d.run_id = ${runId} AND d.kind = ${kind}
          AND NOT EXISTS (SELECT 1 FROM ${sql.identifier(kind)} e WHERE e.id = d.id)`,
      problems,
    );
  }
  return problems;
}
