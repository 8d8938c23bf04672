CREATE TABLE "search_console_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"sealed" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"fragment" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"balance" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_accounts_balance_non_negative" CHECK ("credit_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"request_id" text NOT NULL,
	"idempotency_key" text,
	"fingerprint" text NOT NULL,
	"reserved" integer NOT NULL,
	"charged" integer,
	"status" text NOT NULL,
	"detail" jsonb,
	"result" jsonb,
	"balance_after" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"ref" text,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_pages" (
	"url" text PRIMARY KEY NOT NULL,
	"final_url" text,
	"title" text DEFAULT '' NOT NULL,
	"description" text,
	"content" text DEFAULT '' NOT NULL,
	"published_at" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("content", '')), 'C')) STORED NOT NULL,
	"indexed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_console_keys" ADD CONSTRAINT "search_console_keys_key_id_search_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."search_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_keys" ADD CONSTRAINT "search_console_keys_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_keys" ADD CONSTRAINT "search_keys_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_keys_hash_idx" ON "search_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "search_keys_owner_idx" ON "search_keys" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_charges_idempotency_idx" ON "credit_charges" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_charges_open_idx" ON "credit_charges" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "credit_charges_account_idx" ON "credit_charges" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_ref_idx" ON "credit_ledger" USING btree ("account_id","kind","ref");--> statement-breakpoint
CREATE INDEX "credit_ledger_account_idx" ON "credit_ledger" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "web_pages_search_idx" ON "web_pages" USING gin ("search_vector");