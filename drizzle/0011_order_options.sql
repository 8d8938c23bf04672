ALTER TABLE "venue_orders" ADD COLUMN "take_profit" bigint;--> statement-breakpoint
ALTER TABLE "venue_orders" ADD COLUMN "stop_loss" bigint;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "time_in_force" text;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "post_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "take_profit" bigint;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "stop_loss" bigint;