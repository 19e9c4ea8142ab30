-- Issue 20, decision 034: every API process answers searches, lists, facets and product
-- suggestions from a catalog index in its memory, which reads what changed since it last looked.
-- Each row carries the transaction that last wrote it; a reader that remembers the oldest
-- transaction still running at its last read (pg_snapshot_xmin) finds every write committed
-- since, whatever path wrote it.
ALTER TABLE "items" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "items_changed_xid_idx" ON "items" USING btree ("changed_xid");--> statement-breakpoint
CREATE FUNCTION "items_changed_xid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.changed_xid := pg_current_xact_id();
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_changed_xid" BEFORE UPDATE ON "items"
	FOR EACH ROW EXECUTE FUNCTION "items_changed_xid"();--> statement-breakpoint
-- What only the database's own searches and suggestions read, which every product write kept
-- up: the counts per city and category (migration 0017; their rows also made two writers in one
-- city wait for each other), the names' words (migrations 0025, 0034), and the indexes of the
-- search words, colours, sizes, prices, creation dates and name prefixes. The search vectors
-- stay: the index reads a product's words from them.
DROP TRIGGER "items_catalog_counts_insert" ON "items";--> statement-breakpoint
DROP TRIGGER "items_catalog_counts_update" ON "items";--> statement-breakpoint
DROP TRIGGER "items_catalog_counts_delete" ON "items";--> statement-breakpoint
DROP FUNCTION "catalog_counts_inserted"();--> statement-breakpoint
DROP FUNCTION "catalog_counts_updated"();--> statement-breakpoint
DROP FUNCTION "catalog_counts_deleted"();--> statement-breakpoint
DROP FUNCTION "catalog_counts_add"("catalog_count_change"[]);--> statement-breakpoint
DROP TYPE "catalog_count_change";--> statement-breakpoint
DROP TABLE "catalog_counts";--> statement-breakpoint
DROP TRIGGER "items_catalog_name_words_insert" ON "items";--> statement-breakpoint
DROP TRIGGER "items_catalog_name_words_update" ON "items";--> statement-breakpoint
DROP TRIGGER "items_catalog_name_words_delete" ON "items";--> statement-breakpoint
DROP FUNCTION "catalog_name_words_inserted"();--> statement-breakpoint
DROP FUNCTION "catalog_name_words_updated"();--> statement-breakpoint
DROP FUNCTION "catalog_name_words_deleted"();--> statement-breakpoint
DROP TABLE "catalog_name_words";--> statement-breakpoint
DROP FUNCTION "catalog_names_with_words"(tsquery, integer[], integer);--> statement-breakpoint
DROP INDEX "items_search_idx";--> statement-breakpoint
DROP INDEX "items_search_fr_idx";--> statement-breakpoint
DROP INDEX "items_public_name_words_idx";--> statement-breakpoint
DROP INDEX "items_colors_idx";--> statement-breakpoint
DROP INDEX "items_sizes_idx";--> statement-breakpoint
DROP INDEX "items_public_created_at_idx";--> statement-breakpoint
DROP INDEX "items_public_sale_price_idx";--> statement-breakpoint
DROP INDEX "items_public_name_prefix_idx";--> statement-breakpoint
DROP INDEX "items_public_name_fr_prefix_idx";
