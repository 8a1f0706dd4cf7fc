-- Search answered from the database (server/modules/catalog/store/search-documents.ts writes
-- these tables, store/search-sql.ts reads them). Hand-written: the tables are not in the
-- Drizzle schema, which has no tsvector type nor trigram operator classes.
-- search_documents: one row per searchable entity (videos, influencers, goods) with its folded
-- words and Thai/CJK bigrams as full-text lexemes (main: title, nickname and handles; extra: a
-- product's shop name, which weighs less) and the figure equal hits are ordered by.
-- search_terms: every distinct Latin-script word, for typo candidates through pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"market" text NOT NULL,
	"popularity" double precision NOT NULL,
	"main" tsvector NOT NULL,
	"extra" tsvector NOT NULL,
	CONSTRAINT "search_documents_pkey" PRIMARY KEY ("kind", "id")
);
--> statement-breakpoint
CREATE INDEX "search_documents_videos_idx" ON "search_documents" USING gin ("main") WHERE "kind" = 'videos';
--> statement-breakpoint
CREATE INDEX "search_documents_influencers_idx" ON "search_documents" USING gin ("main") WHERE "kind" = 'influencers';
--> statement-breakpoint
CREATE INDEX "search_documents_goods_idx" ON "search_documents" USING gin ("main") WHERE "kind" = 'goods';
--> statement-breakpoint
CREATE INDEX "search_documents_goods_extra_idx" ON "search_documents" USING gin ("extra") WHERE "kind" = 'goods';
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);
