-- Knowledge-base full-text search (hand-written functions + drizzle-generated column and index).
-- knowledge_norm() joins payroll form codes so every spelling becomes one word: "EMP 201"/"EMP-201" -> "EMP201",
-- "UI-19" -> "UI19", "IRP 5" -> "IRP5", "IT3(a)" -> "IT3a", "e-filing" -> "efiling". It mirrors normaliseCodes()
-- in src/knowledge/query.ts (tests compare both). array_to_string() is only STABLE, hence the IMMUTABLE wrapper
-- that lets the vector be a generated column.
CREATE OR REPLACE FUNCTION knowledge_norm(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT regexp_replace(
           regexp_replace(
             regexp_replace(t, '\m(emp|irp|ui|itr|ewp)[ -]*([0-9]+)(?![a-z0-9])', '\1\2', 'gi'),
             '\mit[ -]?3 ?(\(a\)|a(?![a-z0-9]))', 'IT3a', 'gi'),
           '\m([eu])[ -]filing', '\1filing', 'gi')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION knowledge_search_vector(title text, keywords text[], content text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(knowledge_norm(title), '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(knowledge_norm(array_to_string(keywords, ' ; ')), '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(knowledge_norm(content), '')), 'C')
$$;
--> statement-breakpoint
CREATE TABLE "knowledge_seeded" (
	"id" text PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (knowledge_search_vector(title, keywords, content)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "knowledge_items_search_idx" ON "knowledge_items" USING gin ("search");