-- The product's French name as it was bought (issue 19, decision 030): My Orders shows a
-- French reader the line's French name, an English reader its English one, whatever the
-- brand writes later. Null when the brand had written none.
ALTER TABLE "order_items" ADD COLUMN "item_name_fr" text;
