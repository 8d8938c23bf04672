ALTER TABLE "agent_keys" ADD COLUMN "swap_recipients" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_keys" ADD COLUMN "swap_daily_limit_micros" bigint;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "notional_micros" bigint;--> statement-breakpoint
CREATE INDEX "swaps_key_idx" ON "swaps" USING btree ("key_id","created_at");