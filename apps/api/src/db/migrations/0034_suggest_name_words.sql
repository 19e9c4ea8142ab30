-- The words of listed products' names, one row each, for the search box's suggestions (issue 20,
-- decision 033): a typed word is a range of "catalog_name_words_word_idx", read in word order
-- and stopped at six, where the names' GIN index (migration 0025) had to gather every match of a
-- short prefix into a bitmap first ("den": 19,000 products, 7 ms at 100,000). The words are the
-- 'simple' parser's lexemes, the same the GIN index holds. "C" order: a prefix is a range of it.
CREATE TABLE "catalog_name_words" (
	"item_id" integer NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	CONSTRAINT "catalog_name_words_pkey" PRIMARY KEY("item_id","word")
);
--> statement-breakpoint
CREATE INDEX "catalog_name_words_word_idx" ON "catalog_name_words" USING btree ("word","item_id");--> statement-breakpoint
-- Kept by statement-level triggers, as catalog_counts is (migration 0017): a bulk load writes
-- its words in one statement; an update touches the words only of rows whose name or listing
-- changed (a stock flag or a new price adds nothing).
CREATE FUNCTION "catalog_name_words_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalog_name_words (item_id, word)
	SELECT n.id, w.lexeme FROM new_rows n CROSS JOIN LATERAL unnest(to_tsvector('simple', n.name)) AS w
	WHERE n.is_available AND n.deleted_at IS NULL;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalog_name_words_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM catalog_name_words w USING old_rows o WHERE w.item_id = o.id;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalog_name_words_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed integer[];
BEGIN
	changed := ARRAY(
		SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
		WHERE (o.is_available AND o.deleted_at IS NULL, o.name)
			IS DISTINCT FROM (n.is_available AND n.deleted_at IS NULL, n.name));
	IF cardinality(changed) = 0 THEN
		RETURN NULL;
	END IF;
	DELETE FROM catalog_name_words WHERE item_id = ANY (changed);
	INSERT INTO catalog_name_words (item_id, word)
	SELECT n.id, w.lexeme FROM new_rows n CROSS JOIN LATERAL unnest(to_tsvector('simple', n.name)) AS w
	WHERE n.id = ANY (changed) AND n.is_available AND n.deleted_at IS NULL;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_catalog_name_words_insert" AFTER INSERT ON "items"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_name_words_inserted"();--> statement-breakpoint
CREATE TRIGGER "items_catalog_name_words_update" AFTER UPDATE ON "items"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_name_words_updated"();--> statement-breakpoint
CREATE TRIGGER "items_catalog_name_words_delete" AFTER DELETE ON "items"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_name_words_deleted"();--> statement-breakpoint
-- The products already listed.
INSERT INTO catalog_name_words (item_id, word)
SELECT i.id, w.lexeme FROM items i CROSS JOIN LATERAL unnest(to_tsvector('simple', i.name)) AS w
WHERE i.is_available AND i.deleted_at IS NULL;
