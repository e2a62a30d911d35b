-- A second, small vector of just the title (A) and keywords (B): ranking reads it instead of the full
-- article vector, which is TOASTed and costly to decompress row by row (docs/decisions/002-knowledge-search.md).
-- Both GIN indexes are rebuilt with fastupdate off: PGlite runs no autovacuum, so a pending list would
-- only grow and every search would scan it.
CREATE OR REPLACE FUNCTION knowledge_head_vector(title text, keywords text[]) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(knowledge_norm(title), '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(knowledge_norm(array_to_string(keywords, ' ; ')), '')), 'B')
$$;
--> statement-breakpoint
DROP INDEX "knowledge_items_search_idx";--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "search_head" "tsvector" GENERATED ALWAYS AS (knowledge_head_vector(title, keywords)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "knowledge_items_search_head_idx" ON "knowledge_items" USING gin ("search_head") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "knowledge_items_search_idx" ON "knowledge_items" USING gin ("search") WITH (fastupdate=false);