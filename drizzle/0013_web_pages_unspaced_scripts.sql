-- Runs of the scripts written without spaces between words (Han, Hiragana, Katakana, Thai, Lao, Khmer,
-- Myanmar) and of Hangul (whose words carry their particles: 한국어는), written as their overlapping
-- character pairs between spaces ("東京都は" → " 東京 京都 都は "), as search engines' CJK analysers
-- index them: a query for 東京 then finds 東京都. Other text is returned as it is.
CREATE FUNCTION web_unspaced_bigrams(s text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
  WITH script AS (SELECT '\u0e00-\u0eff\u1000-\u109f\u1100-\u11ff\u1780-\u17ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f'::text AS letters)
  SELECT CASE WHEN s !~ ('[' || letters || ']') THEN s ELSE (
    SELECT string_agg(
      CASE WHEN m.parts[1] ~ ('^[' || letters || ']')
        THEN ' ' || (SELECT string_agg(c.ch || coalesce(c.next, ''), ' ' ORDER BY c.i)
                     FROM (SELECT t.ch, t.i, lead(t.ch) OVER (ORDER BY t.i) AS next
                           FROM regexp_split_to_table(m.parts[1], '') WITH ORDINALITY AS t(ch, i)) c
                     WHERE c.next IS NOT NULL OR c.i = 1) || ' '
        ELSE m.parts[1] END, '' ORDER BY m.n)
    FROM regexp_matches(s, '[' || letters || ']+|[^' || letters || ']+', 'g') WITH ORDINALITY AS m(parts, n)
  ) END
  FROM script
$$;--> statement-breakpoint
ALTER TABLE "web_pages" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "web_pages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, web_unspaced_bigrams(coalesce("title", ''))), 'A') || setweight(to_tsvector('english'::regconfig, web_unspaced_bigrams(coalesce("description", ''))), 'B') || setweight(to_tsvector('english'::regconfig, web_unspaced_bigrams(coalesce("content", ''))), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "web_pages" drop column "title_tokens";--> statement-breakpoint
ALTER TABLE "web_pages" ADD COLUMN "title_tokens" integer GENERATED ALWAYS AS (web_token_count(to_tsvector('english'::regconfig, web_unspaced_bigrams(coalesce("title", ''))))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "web_pages" drop column "description_tokens";--> statement-breakpoint
ALTER TABLE "web_pages" ADD COLUMN "description_tokens" integer GENERATED ALWAYS AS (web_token_count(to_tsvector('english'::regconfig, web_unspaced_bigrams(coalesce("description", ''))))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "web_pages" drop column "content_tokens";--> statement-breakpoint
ALTER TABLE "web_pages" ADD COLUMN "content_tokens" integer GENERATED ALWAYS AS (web_token_count(to_tsvector('english'::regconfig, web_unspaced_bigrams(coalesce("content", ''))))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "web_pages_search_idx" ON "web_pages" USING gin ("search_vector");
