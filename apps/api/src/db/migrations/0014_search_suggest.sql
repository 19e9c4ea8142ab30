-- The search box's suggestions (issue 13): names that start with what was typed, read in index
-- order and stopped at six. "C" collation makes the prefix a plain byte range the b-tree serves
-- whether or not the text arrives as a parameter (a LIKE prefix needs a constant to use one).
CREATE INDEX "items_public_name_prefix_idx" ON "items" USING btree ((lower("name") COLLATE "C"),"id") WHERE "items"."is_available" and "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "stores_name_prefix_idx" ON "stores" USING btree ((lower("name") COLLATE "C"));
