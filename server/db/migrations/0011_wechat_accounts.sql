CREATE TABLE "wechat_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"app_id" text NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wechat_accounts_app_openid_key" UNIQUE("app_id","openid"),
	CONSTRAINT "wechat_accounts_user_app_key" UNIQUE("user_id","app_id")
);
--> statement-breakpoint
ALTER TABLE "wechat_accounts" ADD CONSTRAINT "wechat_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wechat_accounts_unionid_idx" ON "wechat_accounts" USING btree ("unionid");