// Writes the search tables (migration 0012_search) from what the dataset tables hold: one
// search_documents row per video, influencer and product with its terms as full-text lexemes
// and its popularity (views, followers, units sold over the stored calendar, summed in SQL from
// daily_series), and the Latin-script words into search_terms. Profiles are read in keyset
// batches, so memory stays bounded whatever the catalogue's size. Runs inside the transaction
// of every seed and import (after dataset_meta has its calendar), and once at boot for a
// database stored before search moved here.
import { sql, type SQL } from "drizzle-orm";
import { documentTerms, influencerTexts } from "../engine/search/documents";
import type { Db } from "../../../db/client";
import { allowLongStatements } from "../../../db/long-work";
import { lockForTransaction, SEARCH_BACKFILL_LOCK_ID } from "./locks";
import type { Queryable } from "./meta";

const BATCH = 1000;
const BACKFILL_LOCK_WAIT_MS = 15 * 60_000;

export type SearchKind = "videos" | "influencers" | "goods";

/** One searchable entity: its main texts, a secondary text (a shop name) and its popularity. */
export interface SearchSource {
  id: string;
  market: string;
  popularity: number;
  texts: string[];
  extra?: string | null;
}

interface SourceRow {
  id: string;
  market: string;
  popularity: number | string;
  a: string;
  b: string | null;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The sum of one metric of an entity's stored daily values that fall inside the calendar. */
function seriesTotal(entity: SearchKind, metric: string, id: SQL): SQL {
  return sql`(SELECT coalesce(sum(e.value::float8), 0)
    FROM daily_series s
    CROSS JOIN dataset_meta m
    CROSS JOIN LATERAL json_array_elements_text(s.values::json -> ${metric}) WITH ORDINALITY AS e(value, k)
    WHERE s.entity = ${entity} AND s.id = ${id}
      AND s.start_date + (e.k::int - 1) BETWEEN m.start_date AND m.end_date)`;
}

/** Each kind's source rows after `after` (keyset): its texts (a, b) and popularity. */
const SOURCES: Record<SearchKind, (after: string) => SQL> = {
  videos: (after) => sql`SELECT v.id, v.market, v.title AS a, NULL AS b,
      ${seriesTotal("videos", "views", sql`v.id`)} AS popularity
    FROM videos v WHERE v.id > ${after} ORDER BY v.id LIMIT ${BATCH}`,
  influencers: (after) => sql`SELECT i.id, i.market, i.nickname AS a, i.handle AS b,
      i.initial_followers + ${seriesTotal("influencers", "followersGained", sql`i.id`)} AS popularity
    FROM influencers i WHERE i.id > ${after} ORDER BY i.id LIMIT ${BATCH}`,
  goods: (after) => sql`SELECT g.id, g.market, g.title AS a, s.name AS b,
      ${seriesTotal("goods", "salesVolume", sql`g.id`)} AS popularity
    FROM goods g LEFT JOIN shops s ON s.id = g.shop_id WHERE g.id > ${after} ORDER BY g.id LIMIT ${BATCH}`,
};

function sourceOf(kind: SearchKind, row: SourceRow): SearchSource {
  const texts = kind === "influencers" ? influencerTexts(row.a, row.b ?? "") : [row.a];
  const extra = kind === "influencers" ? null : row.b;
  return { id: row.id, market: row.market, popularity: Number(row.popularity), texts, extra };
}

/** Adds search rows (and their words) for entities of one kind; ids must not be there yet. */
export async function insertSearchDocuments(tx: Queryable, kind: SearchKind, sources: SearchSource[]): Promise<void> {
  if (sources.length === 0) return;
  const terms = sources.map((source) => documentTerms(source.texts, source.extra ?? null));
  const values = sources.map(
    (source, i) =>
      sql`(${kind}, ${source.id}, ${source.market}, ${source.popularity}, array_to_tsvector(${sql.param(terms[i].main)}::text[]), array_to_tsvector(${sql.param(terms[i].extra)}::text[]))`,
  );
  await tx.execute(
    sql`INSERT INTO search_documents (kind, id, market, popularity, main, extra) VALUES ${sql.join(values, sql`, `)}`,
  );
  const words = [...new Set(terms.flatMap((t) => t.words))];
  if (words.length > 0)
    await tx.execute(
      sql`INSERT INTO search_terms (term) SELECT unnest(${sql.param(words)}::text[]) ON CONFLICT DO NOTHING`,
    );
}

/** Replaces every search row with the current dataset tables' content; returns the rows written. */
export async function writeSearchDocuments(tx: Queryable): Promise<number> {
  await tx.execute(sql`DELETE FROM search_documents`);
  await tx.execute(sql`DELETE FROM search_terms`);
  let written = 0;
  for (const kind of Object.keys(SOURCES) as SearchKind[]) {
    let after = "";
    for (;;) {
      const source = rowsOf<SourceRow>(await tx.execute(SOURCES[kind](after)));
      if (source.length === 0) break;
      await insertSearchDocuments(
        tx,
        kind,
        source.map((row) => sourceOf(kind, row)),
      );
      written += source.length;
      after = source[source.length - 1].id;
    }
  }
  return written;
}

/**
 * For a database whose dataset was stored before the search tables existed: writes them once
 * (under a lock, so instances booting together do it once). True when it wrote them.
 */
export async function backfillSearchDocuments(db: Db): Promise<boolean> {
  const missing = sql`EXISTS (SELECT 1 FROM dataset_meta) AND NOT EXISTS (SELECT 1 FROM search_documents)
    AND (EXISTS (SELECT 1 FROM videos) OR EXISTS (SELECT 1 FROM influencers) OR EXISTS (SELECT 1 FROM goods))`;
  const [first] = rowsOf<{ missing: boolean }>(await db.execute(sql`SELECT ${missing} AS missing`));
  if (!first.missing) return false;
  return db.transaction(async (tx) => {
    await allowLongStatements(tx);
    await lockForTransaction(tx, SEARCH_BACKFILL_LOCK_ID, BACKFILL_LOCK_WAIT_MS);
    const [again] = rowsOf<{ missing: boolean }>(await tx.execute(sql`SELECT ${missing} AS missing`));
    if (!again.missing) return false;
    await writeSearchDocuments(tx);
    return true;
  });
}
