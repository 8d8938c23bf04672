CREATE TABLE "kill_switches" (
	"owner_id" text NOT NULL,
	"key_id" text NOT NULL,
	"engaged_at" bigint NOT NULL,
	CONSTRAINT "kill_switches_owner_id_key_id_pk" PRIMARY KEY("owner_id","key_id")
);
--> statement-breakpoint
CREATE TABLE "pair_trades" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"key_id" text,
	"venue" text NOT NULL,
	"long_symbol" text NOT NULL,
	"short_symbol" text NOT NULL,
	"notional" bigint NOT NULL,
	"leverage" integer NOT NULL,
	"slippage_ppm" integer NOT NULL,
	"status" text NOT NULL,
	"long_open_id" text NOT NULL,
	"short_open_id" text NOT NULL,
	"long_close_id" text,
	"short_close_id" text,
	"failure" text,
	"lease_until" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_day_starts" (
	"owner_id" text NOT NULL,
	"day" text NOT NULL,
	"equity" bigint NOT NULL,
	CONSTRAINT "risk_day_starts_owner_id_day_pk" PRIMARY KEY("owner_id","day")
);
--> statement-breakpoint
CREATE TABLE "risk_overrides" (
	"owner_id" text NOT NULL,
	"key_id" text NOT NULL,
	"limits" jsonb NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "risk_overrides_owner_id_key_id_pk" PRIMARY KEY("owner_id","key_id")
);
--> statement-breakpoint
CREATE TABLE "trade_child_orders" (
	"client_order_id" text PRIMARY KEY NOT NULL,
	"parent_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"venue" text NOT NULL,
	"venue_order_id" text,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"lots" bigint NOT NULL,
	"status" text NOT NULL,
	"filled_lots" bigint NOT NULL,
	"filled_notional" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"reason" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_idempotency" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"operation_id" text NOT NULL,
	"response" jsonb,
	"lease_until" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "trade_idempotency_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"key_id" text,
	"source" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"lots" bigint NOT NULL,
	"price" bigint,
	"trigger_price" bigint,
	"reduce_only" boolean NOT NULL,
	"venue" text,
	"slippage_ppm" integer,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kill_switches" ADD CONSTRAINT "kill_switches_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_trades" ADD CONSTRAINT "pair_trades_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_day_starts" ADD CONSTRAINT "risk_day_starts_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_overrides" ADD CONSTRAINT "risk_overrides_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_child_orders" ADD CONSTRAINT "trade_child_orders_parent_id_trade_orders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."trade_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_child_orders" ADD CONSTRAINT "trade_child_orders_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pair_trades_owner_idx" ON "pair_trades" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "pair_trades_status_idx" ON "pair_trades" USING btree ("status","lease_until");--> statement-breakpoint
CREATE INDEX "trade_child_orders_parent_idx" ON "trade_child_orders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "trade_child_orders_owner_idx" ON "trade_child_orders" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_child_orders_venue_idx" ON "trade_child_orders" USING btree ("owner_id","venue","venue_order_id");--> statement-breakpoint
CREATE INDEX "trade_idempotency_expiry_idx" ON "trade_idempotency" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "trade_orders_owner_idx" ON "trade_orders" USING btree ("owner_id","created_at");