ALTER TABLE "items" ADD COLUMN "in_stock" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "items" SET "in_stock" = EXISTS (SELECT 1 FROM "item_options" o WHERE o."item_id" = "items"."id" AND o."is_available" AND o."count" > 0);--> statement-breakpoint
DROP INDEX IF EXISTS "items_public_featured_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "items_public_city_featured_idx";--> statement-breakpoint
CREATE INDEX "items_public_featured_idx" ON "items" USING btree ("in_stock" desc,("sale" > 0) desc,"created_at" desc,"id" desc) WHERE "items"."is_available" and "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "items_public_city_featured_idx" ON "items" USING btree ("store_city","in_stock" desc,("sale" > 0) desc,"created_at" desc,"id" desc) WHERE "items"."is_available" and "items"."deleted_at" is null;
