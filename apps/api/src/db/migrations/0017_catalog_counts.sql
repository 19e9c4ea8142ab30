-- Issue 20: counts of listed products per city and category, kept by the database itself, so
-- "{n} Products", the pager and the facets of an unfiltered list (or one city, or categories)
-- read a few hundred small rows instead of counting up to 100,000 products per request.
-- facet 'all' counts the products of (city, category); 'store', 'color', 'size' count them per
-- value; 'price' per whole dollar of the price paid (the price bands, whose bounds are whole
-- dollars, are summed from those by the items repository, so the bands stay defined once).
CREATE TABLE "catalog_counts" (
	"city" text NOT NULL,
	"category" text NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "catalog_counts_pkey" PRIMARY KEY ("city","category","facet","value")
);--> statement-breakpoint
-- A list's total reads the 'all' rows of a city (or all five) without the other facets' rows.
CREATE INDEX "catalog_counts_facet_idx" ON "catalog_counts" USING btree ("facet","city","category") INCLUDE ("count");--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk load or a store rename changes each
-- count once, not once per product; rows whose counted columns did not change (a sold-out flag,
-- a new description) add nothing. Rows are upserted in key order, so two writers lock them in
-- the same order and cannot deadlock each other.
CREATE TYPE "catalog_count_change" AS (
	"sign" integer, "city" text, "category" text, "store_name" text,
	"colors" text[], "sizes" text[], "sale_price" numeric
);--> statement-breakpoint
CREATE FUNCTION "catalog_counts_add"("changes" "catalog_count_change"[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "catalog_counts" AS t ("city", "category", "facet", "value", "count")
	SELECT city, category, facet, value, sum(sign)::int FROM (
		SELECT c.sign, c.city, c.category, 'all' AS facet, '' AS value FROM unnest(changes) c
		UNION ALL SELECT c.sign, c.city, c.category, 'store', c.store_name FROM unnest(changes) c
		UNION ALL SELECT c.sign, c.city, c.category, 'color', unnest(c.colors) FROM unnest(changes) c
		UNION ALL SELECT c.sign, c.city, c.category, 'size', unnest(c.sizes) FROM unnest(changes) c
		UNION ALL SELECT c.sign, c.city, c.category, 'price', floor(c.sale_price)::int::text FROM unnest(changes) c
	) AS d
	GROUP BY city, category, facet, value
	HAVING sum(sign) <> 0
	ORDER BY city, category, facet, value
	ON CONFLICT ("city", "category", "facet", "value") DO UPDATE SET "count" = t."count" + excluded."count"
$$;--> statement-breakpoint
CREATE FUNCTION "catalog_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalog_counts_add(ARRAY(
		SELECT ROW(1, store_city, category, store_name, colors, sizes, sale_price)::catalog_count_change
		FROM new_rows WHERE is_available AND deleted_at IS NULL));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalog_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalog_counts_add(ARRAY(
		SELECT ROW(-1, store_city, category, store_name, colors, sizes, sale_price)::catalog_count_change
		FROM old_rows WHERE is_available AND deleted_at IS NULL));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalog_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM catalog_counts_add(ARRAY(
		SELECT c FROM old_rows o JOIN new_rows n ON n.id = o.id
		CROSS JOIN LATERAL (VALUES
			(o.is_available AND o.deleted_at IS NULL,
				ROW(-1, o.store_city, o.category, o.store_name, o.colors, o.sizes, o.sale_price)::catalog_count_change),
			(n.is_available AND n.deleted_at IS NULL,
				ROW(1, n.store_city, n.category, n.store_name, n.colors, n.sizes, n.sale_price)::catalog_count_change)
		) AS v(listed, c)
		WHERE v.listed
			AND (o.is_available AND o.deleted_at IS NULL, o.store_city, o.category, o.store_name, o.colors, o.sizes, o.sale_price)
				IS DISTINCT FROM
				(n.is_available AND n.deleted_at IS NULL, n.store_city, n.category, n.store_name, n.colors, n.sizes, n.sale_price)));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_catalog_counts_insert" AFTER INSERT ON "items"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "items_catalog_counts_update" AFTER UPDATE ON "items"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_updated"();--> statement-breakpoint
CREATE TRIGGER "items_catalog_counts_delete" AFTER DELETE ON "items"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_deleted"();--> statement-breakpoint
-- The products already listed.
SELECT catalog_counts_add(ARRAY(
	SELECT ROW(1, store_city, category, store_name, colors, sizes, sale_price)::catalog_count_change
	FROM items WHERE is_available AND deleted_at IS NULL));--> statement-breakpoint
-- Featured order from plain columns: an expression key ((sale > 0)) keeps PostgreSQL from
-- answering from the index alone, and a deep page (offset 4,800) then reads 4,800 rows of the
-- table to skip them. With "on_sale" stored, the skipped rows come from the index only.
ALTER TABLE "items" ADD COLUMN "on_sale" boolean GENERATED ALWAYS AS ("sale" > 0) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "items_public_featured_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "items_public_city_featured_idx";--> statement-breakpoint
CREATE INDEX "items_public_featured_idx" ON "items" USING btree ("in_stock" desc,"on_sale" desc,"created_at" desc,"id" desc) WHERE "items"."is_available" and "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "items_public_city_featured_idx" ON "items" USING btree ("store_city","in_stock" desc,"on_sale" desc,"created_at" desc,"id" desc) WHERE "items"."is_available" and "items"."deleted_at" is null;--> statement-breakpoint
-- A store's page: its listed products in featured order from one index, counted from it too.
CREATE INDEX "items_public_store_featured_idx" ON "items" USING btree ("store_id","in_stock" desc,"on_sale" desc,"created_at" desc,"id" desc) WHERE "items"."is_available" and "items"."deleted_at" is null;
