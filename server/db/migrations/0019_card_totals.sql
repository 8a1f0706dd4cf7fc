-- Card totals stored with the rank rows (server/modules/catalog/store/rank-tables.ts fills
-- them, store/cards-sql.ts reads them): each row's entity's card figure summed over the calendar,
-- and each list's calendar start, so a rank page's cards need not sum month blocks. Null in
-- generations filled before this migration: those pages sum them as before.
ALTER TABLE "rank_lists" ADD COLUMN "calendar_start" date;--> statement-breakpoint
ALTER TABLE "rank_rows" ADD COLUMN "card_total" double precision;