CREATE TABLE "card_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"method" text,
	"subscription_no" text,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experience_claims" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"membership_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" bigint NOT NULL,
	"adapter" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_adapter_pk" PRIMARY KEY("user_id","adapter")
);
--> statement-breakpoint
CREATE TABLE "sandbox_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_customers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" smallint,
	"exp_year" smallint,
	"always_decline" boolean DEFAULT false NOT NULL,
	"fail_next_charge" boolean DEFAULT false NOT NULL,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_setups" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'requires_action' NOT NULL,
	"payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_setups_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"adapter" text NOT NULL,
	"gateway_method_id" text NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" smallint,
	"exp_year" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"plan" text NOT NULL,
	"months" smallint NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"adapter" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"last_failure" text,
	"first_order_id" bigint NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_one_open_per_user";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "saved_method_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carried_ms" bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "save_method" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "off_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_errors" ADD CONSTRAINT "card_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_claims" ADD CONSTRAINT "experience_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_errors_user_created_idx" ON "card_errors" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_adapter_customer" ON "payment_customers" USING btree ("adapter","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_gateway_id" ON "saved_payment_methods" USING btree ("adapter","gateway_method_id");--> statement-breakpoint
CREATE INDEX "saved_payment_methods_user_idx" ON "saved_payment_methods" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_user" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" in ('active', 'past_due');--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "orders_subscription_id_idx" ON "orders" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_user" ON "orders" USING btree ("user_id") WHERE "orders"."status" in ('unpaid', 'paying', 'failed') and "orders"."kind" <> 'renewal';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_renewal_key_unique" UNIQUE("renewal_key");