-- rank_rows partitioned by generation (store/rank-tables.ts adds a generation's partition when
-- its fill starts; store/rank-generations.ts drops it with the generation's lists): an old
-- generation goes with one DROP TABLE instead of a delete of every row (17 million at scale 50,
-- each a dead tuple for VACUUM to clear). The generation is a column (the number before the list
-- key's first "/"), in the primary key after the list key, so a page stays one range read of
-- (list_key, rank). The rows of the generations stored before this migration move into their
-- partitions; rows of no list (none are written) are dropped with the old table.
ALTER TABLE "rank_rows" RENAME TO "rank_rows_before_0024";
--> statement-breakpoint
ALTER TABLE "rank_rows_before_0024" RENAME CONSTRAINT "rank_rows_list_key_rank_pk" TO "rank_rows_before_0024_pk";
--> statement-breakpoint
CREATE TABLE "rank_rows" (
	"generation" integer NOT NULL,
	"list_key" text NOT NULL,
	"rank" integer NOT NULL,
	"id" text NOT NULL,
	"rank_change" integer,
	"metrics" jsonb NOT NULL,
	"card_total" double precision,
	CONSTRAINT "rank_rows_list_key_rank_generation_pk" PRIMARY KEY("list_key","rank","generation")
) PARTITION BY LIST ("generation");
--> statement-breakpoint
DO $$
DECLARE stored integer;
BEGIN
	FOR stored IN SELECT DISTINCT split_part(list_key, '/', 1)::integer FROM rank_lists WHERE list_key ~ '^[0-9]+/' LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF rank_rows FOR VALUES IN (%s)', 'rank_rows_' || stored, stored);
	END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "rank_rows" ("generation", "list_key", "rank", "id", "rank_change", "metrics", "card_total")
SELECT split_part(r.list_key, '/', 1)::integer, r.list_key, r.rank, r.id, r.rank_change, r.metrics, r.card_total
FROM "rank_rows_before_0024" r JOIN "rank_lists" l ON l.list_key = r.list_key
WHERE r.list_key ~ '^[0-9]+/';
--> statement-breakpoint
DROP TABLE "rank_rows_before_0024";
