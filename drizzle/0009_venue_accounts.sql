CREATE TABLE "linked_venue_accounts" (
	"owner_id" text NOT NULL,
	"venue" text NOT NULL,
	"sealed" text NOT NULL,
	"masked" jsonb NOT NULL,
	"identifier" text NOT NULL,
	"checked_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "linked_venue_accounts_owner_id_venue_pk" PRIMARY KEY("owner_id","venue")
);
--> statement-breakpoint
ALTER TABLE "linked_venue_accounts" ADD CONSTRAINT "linked_venue_accounts_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;