CREATE TABLE "monitor_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitor_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"type" text NOT NULL,
	"detail" jsonb NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	CONSTRAINT "monitor_alerts_once" UNIQUE("user_id","kind","entity_id","type","version")
);
--> statement-breakpoint
CREATE TABLE "monitor_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"daily_digest" boolean DEFAULT false NOT NULL,
	"last_digest_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitors" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rank_places" integer NOT NULL,
	"sales_percent" integer NOT NULL,
	"new_videos" boolean NOT NULL,
	"top_list" boolean NOT NULL,
	"baseline" jsonb,
	"baseline_version" integer,
	CONSTRAINT "monitors_user_id_kind_entity_id_pk" PRIMARY KEY("user_id","kind","entity_id")
);
--> statement-breakpoint
ALTER TABLE "monitor_alerts" ADD CONSTRAINT "monitor_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_settings" ADD CONSTRAINT "monitor_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_alerts_user_created_idx" ON "monitor_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "monitors_user_created_idx" ON "monitors" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "monitors_item_idx" ON "monitors" USING btree ("kind","entity_id");--> statement-breakpoint
INSERT INTO "monitors" ("user_id", "kind", "entity_id", "created_at", "rank_places", "sales_percent", "new_videos", "top_list") SELECT "user_id", 'influencers', "influencer_id", "created_at", 10, 20, true, true FROM "monitor_accounts" ON CONFLICT DO NOTHING;
