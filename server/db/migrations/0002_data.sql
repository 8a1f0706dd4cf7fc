CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"names" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_series" (
	"entity" text NOT NULL,
	"id" text NOT NULL,
	"start_date" date NOT NULL,
	"values" text NOT NULL,
	CONSTRAINT "daily_series_entity_id_pk" PRIMARY KEY("entity","id")
);
--> statement-breakpoint
CREATE TABLE "dataset_meta" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"seed" text,
	"scale" double precision,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"days" integer NOT NULL,
	"version" integer NOT NULL,
	"data_version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "detail_views" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	CONSTRAINT "detail_views_user_id_day_kind_entity_id_pk" PRIMARY KEY("user_id","day","kind","entity_id")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_kind_entity_id_pk" PRIMARY KEY("user_id","kind","entity_id")
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" text PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"shop_id" text NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"price" bigint NOT NULL,
	"commission_rate" double precision NOT NULL,
	"variants" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hashtags" (
	"id" text PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "influencers" (
	"id" text PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"handle" text NOT NULL,
	"nickname" text NOT NULL,
	"bio" text NOT NULL,
	"category_id" integer NOT NULL,
	"initial_followers" bigint NOT NULL,
	"price" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"language" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "music" (
	"id" text PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"original" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_snapshots" (
	"version" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"slot" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rank_snapshots_slot_unique" UNIQUE("slot")
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" text PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showcase_links" (
	"influencer_id" text NOT NULL,
	"goods_id" text NOT NULL,
	CONSTRAINT "showcase_links_influencer_id_goods_id_pk" PRIMARY KEY("influencer_id","goods_id")
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"counter" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "usage_counters_user_id_day_counter_pk" PRIMARY KEY("user_id","day","counter")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" text PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"influencer_id" text NOT NULL,
	"goods_id" text,
	"music_id" text,
	"hashtag_ids" text[] NOT NULL,
	"title" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "detail_views" ADD CONSTRAINT "detail_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at");