-- A store's public page read by the store's name, as the shopper's address has it (decision 032):
-- its page and count from the products' own copy of the name, in featured order; the name is
-- included so the count is read from the index alone (an expression is not enough for that).
CREATE INDEX "items_public_store_name_featured_idx" ON "items" USING btree (lower("store_name"),"in_stock" desc,"on_sale" desc,"created_at" desc,"id" desc) INCLUDE ("store_name") WHERE "items"."is_available" and "items"."deleted_at" is null;