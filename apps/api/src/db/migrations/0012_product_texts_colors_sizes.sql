-- Issue 13 items 11-13: product texts, canonical option colours and sizes, one option per colour and size.
ALTER TABLE "items" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "materials" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "care" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Colours and sizes are upper-case ids ('red ' and 'Red' were the same colour): nothing else changes, so values from before the lists stay as they were.
UPDATE "item_options" SET "color" = upper(btrim("color")), "size" = upper(btrim("size")) WHERE "color" <> upper(btrim("color")) OR "size" <> upper(btrim("size"));--> statement-breakpoint
-- Options repeating an earlier option's colour and size merge into it: stock adds up, bags and orders follow it.
CREATE TEMPORARY TABLE "option_merge" AS SELECT "id" AS "duplicate", "keeper" FROM (SELECT "id", first_value("id") OVER (PARTITION BY "item_id", "color", "size" ORDER BY "position", "id") AS "keeper" FROM "item_options") AS "ranked" WHERE "id" <> "keeper";--> statement-breakpoint
UPDATE "item_options" AS "o" SET "count" = "o"."count" + "extra"."units", "is_available" = "o"."is_available" OR "extra"."available" FROM (SELECT "m"."keeper", sum("d"."count")::int AS "units", bool_or("d"."is_available") AS "available" FROM "option_merge" AS "m" JOIN "item_options" AS "d" ON "d"."id" = "m"."duplicate" GROUP BY "m"."keeper") AS "extra" WHERE "o"."id" = "extra"."keeper";--> statement-breakpoint
UPDATE "cart_items" AS "c" SET "quantity" = "c"."quantity" + "extra"."quantity", "updated_at" = now() FROM (SELECT "d"."user_id", "m"."keeper", sum("d"."quantity")::int AS "quantity" FROM "cart_items" AS "d" JOIN "option_merge" AS "m" ON "m"."duplicate" = "d"."item_option_id" GROUP BY "d"."user_id", "m"."keeper") AS "extra" WHERE "c"."user_id" = "extra"."user_id" AND "c"."item_option_id" = "extra"."keeper";--> statement-breakpoint
DELETE FROM "cart_items" AS "d" USING "option_merge" AS "m" WHERE "d"."item_option_id" = "m"."duplicate" AND EXISTS (SELECT 1 FROM "cart_items" AS "c" WHERE "c"."user_id" = "d"."user_id" AND "c"."item_option_id" = "m"."keeper");--> statement-breakpoint
-- A bag holding two duplicates of one keeper (and not the keeper) keeps one line with both quantities.
UPDATE "cart_items" AS "c" SET "quantity" = "extra"."quantity" FROM (SELECT min("d"."id") AS "line", sum("d"."quantity")::int AS "quantity" FROM "cart_items" AS "d" JOIN "option_merge" AS "m" ON "m"."duplicate" = "d"."item_option_id" GROUP BY "d"."user_id", "m"."keeper" HAVING count(*) > 1) AS "extra" WHERE "c"."id" = "extra"."line";--> statement-breakpoint
DELETE FROM "cart_items" AS "d" USING "option_merge" AS "m" WHERE "d"."item_option_id" = "m"."duplicate" AND "d"."id" <> (SELECT min("x"."id") FROM "cart_items" AS "x" JOIN "option_merge" AS "xm" ON "xm"."duplicate" = "x"."item_option_id" WHERE "x"."user_id" = "d"."user_id" AND "xm"."keeper" = "m"."keeper");--> statement-breakpoint
UPDATE "cart_items" AS "c" SET "item_option_id" = "m"."keeper" FROM "option_merge" AS "m" WHERE "c"."item_option_id" = "m"."duplicate";--> statement-breakpoint
UPDATE "order_items" AS "oi" SET "item_option_id" = "m"."keeper" FROM "option_merge" AS "m" WHERE "oi"."item_option_id" = "m"."duplicate";--> statement-breakpoint
DELETE FROM "item_options" AS "o" USING "option_merge" AS "m" WHERE "o"."id" = "m"."duplicate";--> statement-breakpoint
DROP TABLE "option_merge";--> statement-breakpoint
-- Deferred to the commit, so a seller may swap two options' colours in one save.
ALTER TABLE "item_options" ADD CONSTRAINT "item_options_item_color_size_key" UNIQUE ("item_id", "color", "size") DEFERRABLE INITIALLY DEFERRED;
