CREATE TABLE "knowledge_words" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "knowledge_words_word_trgm_idx" ON "knowledge_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Spelling corrections for the knowledge search ("cieling" -> "ceiling", src/knowledge/search.ts). knowledge_words
-- holds every stem of the published articles' search vectors (the parsing is already done there) and a word the
-- articles write it as: the commonest in the texts that brought it, then the shortest (the stem itself for codes
-- such as "ui19", written "UI-19"), looked for in those texts only when the stem is new. Statement triggers on
-- knowledge_items keep it, once per statement however many rows it touches: new stems are added; a stem that a
-- deleted, changed or unpublished article held is deleted when no published article holds it any more (a GIN
-- lookup each). Nothing is written for stems already there, so adding articles of known words costs next to
-- nothing. The trigram index answers "words like this one" (word % 'cieling') and "words starting so"
-- (word like 'ceilin%'); the key, "does any published article hold this stem".
--
-- The English stem of one word ('' for a stop word), as the articles' vectors hold it.
CREATE OR REPLACE FUNCTION knowledge_word_lexeme(w text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT coalesce((SELECT u.lexeme FROM unnest(to_tsvector('english'::regconfig, w)) AS u ORDER BY u.lexeme LIMIT 1), '')
$$;
--> statement-breakpoint
-- The stems the vocabulary keeps: plain letters and digits (not "uif-ceil" or "www.sars.gov.za"), holding a letter.
-- Callers test distinct stems (OFFSET 0 keeps the test out of the scan: a regular expression for every stem of
-- every article costs seconds at 250 articles).
CREATE OR REPLACE FUNCTION knowledge_vocabulary_stem(l text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT l ~ '^[a-z0-9]{2,40}$' AND l ~ '[a-z]'
$$;
--> statement-breakpoint
-- For each stem of `fresh`, the word the texts write it as most often (then the shortest, then the first): their
-- words as the parser splits them (lower case, 3 to 40 letters and digits, holding a letter), each stemmed.
CREATE OR REPLACE FUNCTION knowledge_words_for(docs text[], fresh text[]) RETURNS TABLE (lexeme text, word text)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT DISTINCT ON (x.l) x.l, x.w
  FROM (SELECT c.w, c.n, knowledge_word_lexeme(c.w) AS l
        FROM (SELECT u.lexeme AS w, count(*) AS n FROM unnest(docs) AS d(doc), unnest(to_tsvector('simple'::regconfig, d.doc)) AS u
              GROUP BY u.lexeme OFFSET 0) c
        WHERE c.w ~ '^[a-z0-9]{3,40}$' AND c.w ~ '[a-z]' OFFSET 0) x
    JOIN (SELECT DISTINCT f FROM unnest(fresh) AS f) want ON want.f = x.l
  ORDER BY x.l, x.n DESC, length(x.w), x.w COLLATE "C"
$$;
--> statement-breakpoint
-- Adds the stems `fresh` (new to the vocabulary), each with its word from `docs` (the stem itself when no word of
-- the texts has it).
CREATE OR REPLACE FUNCTION knowledge_words_add(fresh text[], docs text[]) RETURNS void
LANGUAGE sql VOLATILE
AS $$
  INSERT INTO knowledge_words (lexeme, word)
  SELECT u.l, coalesce(f.word, u.l)
  FROM unnest(fresh) AS u(l) LEFT JOIN knowledge_words_for(docs, fresh) f ON f.lexeme = u.l
  ORDER BY u.l
  ON CONFLICT (lexeme) DO NOTHING
$$;
--> statement-breakpoint
-- Of the stems `gone` (held by articles just deleted, changed or unpublished), deletes those no published article holds.
CREATE OR REPLACE FUNCTION knowledge_words_drop(gone text[]) RETURNS void
LANGUAGE sql VOLATILE
AS $$
  DELETE FROM knowledge_words v
  WHERE v.lexeme = ANY (gone)
    AND NOT EXISTS (SELECT 1 FROM knowledge_items k WHERE k.search @@ v.lexeme::tsquery AND k.status = 'published')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION knowledge_words_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  fresh text[];
  gone text[];
  docs text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM knowledge_words;
    RETURN NULL;
  END IF;
  -- The stems of the published rows written (for an update, of those whose vector or status changed) that the
  -- vocabulary lacks, and the texts holding them.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(s.l ORDER BY s.l) INTO fresh
    FROM (SELECT DISTINCT u.lexeme AS l FROM new_rows n, unnest(n.search) AS u WHERE n.status = 'published' OFFSET 0) s
    WHERE knowledge_vocabulary_stem(s.l) AND NOT EXISTS (SELECT 1 FROM knowledge_words v WHERE v.lexeme = s.l);
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(s.l ORDER BY s.l) INTO fresh
    FROM (SELECT DISTINCT u.lexeme AS l FROM new_rows n, unnest(n.search) AS u
          WHERE n.status = 'published'
            AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id AND o.status = n.status AND o.search = n.search)
          OFFSET 0) s
    WHERE knowledge_vocabulary_stem(s.l) AND NOT EXISTS (SELECT 1 FROM knowledge_words v WHERE v.lexeme = s.l);
    -- The stems of the rows changed or unpublished, as they were.
    SELECT array_agg(s.l ORDER BY s.l) INTO gone
    FROM (SELECT DISTINCT u.lexeme AS l FROM old_rows o, unnest(o.search) AS u
          WHERE o.status = 'published'
            AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND n.status = o.status AND n.search = o.search)
          OFFSET 0) s
    WHERE EXISTS (SELECT 1 FROM knowledge_words v WHERE v.lexeme = s.l);
  ELSE
    SELECT array_agg(s.l ORDER BY s.l) INTO gone
    FROM (SELECT DISTINCT u.lexeme AS l FROM old_rows o, unnest(o.search) AS u WHERE o.status = 'published' OFFSET 0) s
    WHERE EXISTS (SELECT 1 FROM knowledge_words v WHERE v.lexeme = s.l);
  END IF;
  IF fresh IS NOT NULL THEN
    SELECT array_agg(coalesce(n.title, '') || ' ' || coalesce(array_to_string(n.keywords, ' '), '') || ' ' || coalesce(n.content, '')) INTO docs
    FROM new_rows n WHERE n.status = 'published' AND n.search @@ array_to_string(fresh, ' | ')::tsquery;
    PERFORM knowledge_words_add(fresh, docs);
  END IF;
  IF gone IS NOT NULL THEN
    PERFORM knowledge_words_drop(gone);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER knowledge_words_insert AFTER INSERT ON knowledge_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_words_track();--> statement-breakpoint
CREATE TRIGGER knowledge_words_update AFTER UPDATE ON knowledge_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_words_track();--> statement-breakpoint
CREATE TRIGGER knowledge_words_delete AFTER DELETE ON knowledge_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_words_track();--> statement-breakpoint
CREATE TRIGGER knowledge_words_truncate AFTER TRUNCATE ON knowledge_items
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_words_track();--> statement-breakpoint
-- The articles already there.
SELECT knowledge_words_add(
  (SELECT array_agg(s.l ORDER BY s.l)
   FROM (SELECT DISTINCT u.lexeme AS l FROM knowledge_items k, unnest(k.search) AS u WHERE k.status = 'published' OFFSET 0) s
   WHERE knowledge_vocabulary_stem(s.l)),
  (SELECT array_agg(coalesce(k.title, '') || ' ' || coalesce(array_to_string(k.keywords, ' '), '') || ' ' || coalesce(k.content, ''))
   FROM knowledge_items k WHERE k.status = 'published'));
