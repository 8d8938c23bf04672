CREATE TABLE "bridge_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"set_id" text NOT NULL,
	"src_chain_id" bigint NOT NULL,
	"deposit_id" bigint NOT NULL,
	"dst_chain_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"token_out" text NOT NULL,
	"min_amount_out" numeric(78, 0) NOT NULL,
	"deposit_tx_hash" text NOT NULL,
	"deposit_block" bigint NOT NULL,
	"status" text NOT NULL,
	"settle_chain_id" bigint,
	"settle_tx_hash" text,
	"settle_raw_tx" text,
	"amount_out" numeric(78, 0),
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_deployments" (
	"chain_id" bigint PRIMARY KEY NOT NULL,
	"set_id" text NOT NULL,
	"digest" text NOT NULL,
	"contracts" jsonb NOT NULL,
	"deployed_block" bigint NOT NULL,
	"scanned_block" bigint NOT NULL,
	"deployed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swap_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"provider" text NOT NULL,
	"from_chain_id" bigint NOT NULL,
	"to_chain_id" bigint NOT NULL,
	"quote" jsonb NOT NULL,
	"provider_data" jsonb NOT NULL,
	"prepared" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swap_wallets" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"sealed_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "swap_wallets_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "swaps" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"quote_id" text NOT NULL,
	"provider" text NOT NULL,
	"mode" text NOT NULL,
	"from_chain_id" bigint NOT NULL,
	"to_chain_id" bigint NOT NULL,
	"from_token" text NOT NULL,
	"to_token" text NOT NULL,
	"from_amount" numeric(78, 0) NOT NULL,
	"to_amount_min" numeric(78, 0) NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"source_tx_hash" text NOT NULL,
	"transactions" jsonb NOT NULL,
	"status" text NOT NULL,
	"substatus" text NOT NULL,
	"substatus_message" text NOT NULL,
	"receiving" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "swap_quotes" ADD CONSTRAINT "swap_quotes_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_wallets" ADD CONSTRAINT "swap_wallets_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swaps" ADD CONSTRAINT "swaps_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bridge_transfers_deposit_idx" ON "bridge_transfers" USING btree ("set_id","src_chain_id","deposit_id");--> statement-breakpoint
CREATE INDEX "bridge_transfers_tx_idx" ON "bridge_transfers" USING btree ("deposit_tx_hash");--> statement-breakpoint
CREATE INDEX "bridge_transfers_status_idx" ON "bridge_transfers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "swap_quotes_owner_idx" ON "swap_quotes" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "swaps_quote_idx" ON "swaps" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "swaps_owner_idx" ON "swaps" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "swaps_source_tx_idx" ON "swaps" USING btree ("source_tx_hash");