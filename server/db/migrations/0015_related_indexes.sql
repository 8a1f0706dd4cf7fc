CREATE INDEX "goods_shop_idx" ON "goods" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "showcase_links_goods_idx" ON "showcase_links" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "videos_goods_idx" ON "videos" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "videos_influencer_posted_idx" ON "videos" USING btree ("influencer_id","posted_at");--> statement-breakpoint
CREATE INDEX "videos_music_idx" ON "videos" USING btree ("music_id");--> statement-breakpoint
CREATE INDEX "videos_hashtags_idx" ON "videos" USING gin ("hashtag_ids");