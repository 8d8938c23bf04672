CREATE TABLE "owners" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"password_hash" text,
	"display_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "owners_email_lower_idx" ON "owners" USING btree (lower("email"));