-- A search in one market tests its hits in a GIN index with that market (store/search-sql.ts,
-- searchedIn): each kind's searched text (a title; a product's title and shop name joined, as in
-- 0021) plus one lexeme for the document's market, '@' and the code (no word starts with '@', so
-- no query word or prefix matches it), and a search in a market ANDs that lexeme into its
-- tsquery. The index then yields only the market's rows, where it yielded every market's and
-- each row was read from the table to be dropped by its market: a Latin word is sold or posted
-- in every market, so about two thirds of those reads were wasted (scale 50: "laundry" in SG,
-- 1,221 heap blocks for 794 hits, now 488). The per-column indexes of 0012 stay for the score
-- tiers, whose row estimates the planner needs to choose between them and a read in popularity
-- order: with the market in the tsquery it underestimated a common word's rows 60-400 times and
-- read them all through the GIN index to sort them, where a read in popularity order stops at
-- the page.
-- Hand-written like 0012_search and 0021.
DROP INDEX IF EXISTS "search_documents_goods_searched_idx";--> statement-breakpoint
CREATE INDEX "search_documents_goods_searched_idx" ON "search_documents" USING gin (("main" || "extra" || array_to_tsvector(ARRAY['@' || "market"]))) WHERE "kind" = 'goods';--> statement-breakpoint
CREATE INDEX "search_documents_videos_searched_idx" ON "search_documents" USING gin (("main" || array_to_tsvector(ARRAY['@' || "market"]))) WHERE "kind" = 'videos';--> statement-breakpoint
CREATE INDEX "search_documents_influencers_searched_idx" ON "search_documents" USING gin (("main" || array_to_tsvector(ARRAY['@' || "market"]))) WHERE "kind" = 'influencers';
