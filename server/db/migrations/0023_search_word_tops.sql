-- Each common word's most popular titles, per kind and market (store/search-documents.ts
-- listWordTops writes it with the term counts after every write of search_documents;
-- store/search-sql.ts reads it): for every word (not a Thai or CJK gram) that more than
-- WORD_TOP_ROWS (1,000) titles (main) of a kind and market hold, the ids and popularities of the
-- first WORD_TOP_ROWS of them in search order (popularity, largest first, then id), and how many
-- hold it. A one-word query's page in one market is then a slice of one row, instead of a
-- read of the documents in popularity order, each tested for the word. The term is in "C" order,
-- as in search_term_counts.
-- Hand-written like 0012_search (the search tables are not in the Drizzle schema); filled by the
-- next seed or import (a search finding no list reads the documents, as before).
CREATE TABLE "search_word_tops" (
	"kind" text NOT NULL,
	"market" text NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	"documents" integer NOT NULL,
	"ids" text[] NOT NULL,
	"popularity" double precision[] NOT NULL,
	CONSTRAINT "search_word_tops_pkey" PRIMARY KEY ("kind", "market", "term")
);
