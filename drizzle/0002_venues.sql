CREATE TABLE "sim_checkpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"saved_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_accounts" (
	"owner_id" text NOT NULL,
	"venue" text NOT NULL,
	"collateral" bigint NOT NULL,
	"deposits" bigint NOT NULL,
	"realized_pnl" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"funding" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "venue_accounts_owner_id_venue_pk" PRIMARY KEY("owner_id","venue")
);
--> statement-breakpoint
CREATE TABLE "venue_fills" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"venue" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"liquidity" text NOT NULL,
	"price" bigint NOT NULL,
	"size" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"realized_pnl" bigint NOT NULL,
	"time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_funding" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"venue" text NOT NULL,
	"symbol" text NOT NULL,
	"rate_e8" bigint NOT NULL,
	"position_lots" bigint NOT NULL,
	"mark_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"venue" text NOT NULL,
	"symbol" text NOT NULL,
	"client_order_id" text,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"time_in_force" text,
	"price" bigint,
	"trigger_price" bigint,
	"size" bigint NOT NULL,
	"filled_size" bigint NOT NULL,
	"filled_notional" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"reduce_only" boolean NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_positions" (
	"owner_id" text NOT NULL,
	"venue" text NOT NULL,
	"symbol" text NOT NULL,
	"size_lots" bigint NOT NULL,
	"cost_basis" bigint NOT NULL,
	"realized_pnl" bigint NOT NULL,
	"funding" bigint NOT NULL,
	"leverage" integer NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "venue_positions_owner_id_venue_symbol_pk" PRIMARY KEY("owner_id","venue","symbol")
);
--> statement-breakpoint
CREATE TABLE "venue_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"venue" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"time" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venue_accounts" ADD CONSTRAINT "venue_accounts_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_fills" ADD CONSTRAINT "venue_fills_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_funding" ADD CONSTRAINT "venue_funding_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_orders" ADD CONSTRAINT "venue_orders_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_positions" ADD CONSTRAINT "venue_positions_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_transfers" ADD CONSTRAINT "venue_transfers_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venue_fills_owner_idx" ON "venue_fills" USING btree ("owner_id","time");--> statement-breakpoint
CREATE INDEX "venue_fills_order_idx" ON "venue_fills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "venue_funding_owner_idx" ON "venue_funding" USING btree ("owner_id","time");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_orders_client_id_idx" ON "venue_orders" USING btree ("owner_id","venue","client_order_id");--> statement-breakpoint
CREATE INDEX "venue_orders_open_idx" ON "venue_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "venue_orders_owner_idx" ON "venue_orders" USING btree ("owner_id","created_at");