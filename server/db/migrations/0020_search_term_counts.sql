-- The search vocabulary per kind and market, with how many documents hold each lexeme
-- (store/search-documents.ts countSearchTerms recounts it after every write of search_documents;
-- store/search-sql.ts reads it). It replaces search_terms (one vocabulary for every kind and
-- market): a query word's prefix and typo terms are looked up among the words of the documents
-- it searches, through a trigram index per kind and market (per kind for a search of every
-- market); and a one-word query whose word more than SEARCH_MAX_RESULTS titles hold reads only
-- its page, in popularity order, instead of counting its hits row by row. main_documents counts
-- the titles (nicknames, handles), extra_documents a product's shop names. The term is in "C"
-- order so that the words starting with a prefix are one range of the primary key.
-- Hand-written like 0012_search (the search tables are not in the Drizzle schema).
-- search_documents is emptied: Thai runs are indexed as trigrams (and bigrams) since, where they
-- were bigrams; the boot writes the search tables again for the stored dataset
-- (backfillSearchDocuments), the term counts with them.
CREATE TABLE "search_term_counts" (
	"kind" text NOT NULL,
	"market" text NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	"main_documents" integer NOT NULL,
	"extra_documents" integer NOT NULL,
	CONSTRAINT "search_term_counts_pkey" PRIMARY KEY ("kind", "market", "term")
);
--> statement-breakpoint
DO $$
DECLARE
	k text;
	m text;
BEGIN
	FOREACH k IN ARRAY ARRAY['videos', 'influencers', 'goods'] LOOP
		EXECUTE format('CREATE INDEX %I ON search_term_counts USING gin (term gin_trgm_ops) WITH (fastupdate = off) WHERE kind = %L',
			'search_term_counts_' || k || '_trgm_idx', k);
		FOREACH m IN ARRAY ARRAY['VN', 'ID', 'TH', 'MY', 'PH', 'SG'] LOOP
			EXECUTE format('CREATE INDEX %I ON search_term_counts USING gin (term gin_trgm_ops) WITH (fastupdate = off) WHERE kind = %L AND market = %L',
				'search_term_counts_' || k || '_' || lower(m) || '_trgm_idx', k, m);
		END LOOP;
	END LOOP;
END
$$;
--> statement-breakpoint
DROP TABLE "search_terms";
--> statement-breakpoint
TRUNCATE "search_documents";
