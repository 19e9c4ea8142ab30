-- The search box's suggestions for French readers (issue 19, decision 030): listed products
-- whose French name starts with the typed text, as a byte range of the lower-case name, like
-- items_public_name_prefix_idx (migration 0014) for the English names. Only products with a
-- French name are in it.
CREATE INDEX "items_public_name_fr_prefix_idx" ON "items" USING btree ((lower("name_fr") collate "C"),"id") WHERE "items"."is_available" and "items"."deleted_at" is null and "items"."name_fr" is not null;
