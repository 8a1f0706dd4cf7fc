-- usage_day_ranks: each music's and hashtag's rank in its market's "hot" list of each of the
-- last 30 days of the calendar (listed days only), written with the data by the seed and the
-- import (store/rank-history-sql.ts), so a music or hashtag page reads its own rows by key
-- instead of ranking every entity of the market. Hand-written like 0012_search (the table is
-- not in the Drizzle schema).
CREATE TABLE "usage_day_ranks" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"day" date NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "usage_day_ranks_pkey" PRIMARY KEY ("kind", "id", "day")
);
