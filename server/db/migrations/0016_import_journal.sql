CREATE TABLE "import_batches" (
	"run_id" integer NOT NULL,
	"batch" integer NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "import_batches_run_id_batch_pk" PRIMARY KEY("run_id","batch")
);
--> statement-breakpoint
CREATE TABLE "import_days" (
	"run_id" integer NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"day" date NOT NULL,
	"batch" integer NOT NULL,
	"metrics" bigint[] NOT NULL,
	CONSTRAINT "import_days_run_id_kind_id_day_batch_pk" PRIMARY KEY("run_id","kind","id","day","batch")
);
--> statement-breakpoint
CREATE TABLE "import_keys" (
	"run_id" integer NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "import_keys_run_id_type_key_pk" PRIMARY KEY("run_id","type","key")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"yesterday" date NOT NULL,
	"merged_kind" text,
	"merged_id" text,
	"merged_date" date,
	"merged_batch" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_days" ADD CONSTRAINT "import_days_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_keys" ADD CONSTRAINT "import_keys_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;