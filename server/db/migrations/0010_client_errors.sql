CREATE TABLE "client_errors" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"release" text DEFAULT '' NOT NULL,
	"route" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"system_id" smallint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_errors_received_idx" ON "client_errors" USING btree ("received_at");