CREATE INDEX "items_public_name_words_idx" ON "items" USING gin (to_tsvector('simple', "name")) WHERE "items"."is_available" and "items"."deleted_at" is null;--> statement-breakpoint
-- Listed products with, for each typed word, a word of the name starting with it, for the
-- search box's suggestions (issue 13). The planner cannot estimate a word prefix: it reads the
-- table in order hoping to stop at `max_rows`, which is every row when no name has such a word
-- (100-700 ms at 100,000 products). Only a bitmap of the names' index is bounded by the
-- matches, so this function allows nothing else (issue 20, decision 023).
CREATE FUNCTION "catalog_names_with_words"("query" tsquery, "except_ids" integer[], "max_rows" integer)
RETURNS TABLE ("id" integer, "name" text)
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_indexscan = off
AS $$
  SELECT i.id, i.name FROM items i
  WHERE i.is_available AND i.deleted_at IS NULL AND to_tsvector('simple', i.name) @@ query
    AND NOT (i.id = ANY (except_ids))
  LIMIT max_rows
$$;
