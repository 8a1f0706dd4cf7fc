-- Search results in ranking order (store/search-sql.ts): hits of equal score are ordered by
-- popularity, then id, so a query with many hits reads its page score tier by score tier in this
-- order and stops at the page's end instead of scoring every hit. Hand-written like 0012_search
-- (the search tables are not in the Drizzle schema).
CREATE INDEX "search_documents_market_order_idx" ON "search_documents" ("kind", "market", "popularity" DESC, "id" COLLATE "C");
--> statement-breakpoint
CREATE INDEX "search_documents_order_idx" ON "search_documents" ("kind", "popularity" DESC, "id" COLLATE "C");
