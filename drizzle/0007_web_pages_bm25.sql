-- Tokens (positions) in a tsvector: the document length BM25 normalises by (lib/web/search/bm25.ts).
CREATE FUNCTION web_token_count(v tsvector) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(sum(cardinality(positions)), 0)::integer FROM unnest(v) $$;--> statement-breakpoint
ALTER TABLE "web_pages" ADD COLUMN "title_tokens" integer GENERATED ALWAYS AS (web_token_count(to_tsvector('english'::regconfig, coalesce("title", '')))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "web_pages" ADD COLUMN "description_tokens" integer GENERATED ALWAYS AS (web_token_count(to_tsvector('english'::regconfig, coalesce("description", '')))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "web_pages" ADD COLUMN "content_tokens" integer GENERATED ALWAYS AS (web_token_count(to_tsvector('english'::regconfig, coalesce("content", '')))) STORED NOT NULL;