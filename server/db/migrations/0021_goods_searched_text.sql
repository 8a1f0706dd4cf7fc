-- A product is found by its title and its shop name together (store/search-sql.ts): a word held
-- in either, a Thai/CJK run's grams held between both. One GIN index of the two lexeme lists
-- joined answers that in one scan; with an index per column, the planner read the rows holding
-- one word in either and tested the other words row by row (12,327 rows read for a two-word
-- query with 84 hits at scale 50). Hand-written like 0012_search (the search tables are not in
-- the Drizzle schema).
CREATE INDEX "search_documents_goods_searched_idx" ON "search_documents" USING gin (("main" || "extra")) WHERE "kind" = 'goods';
