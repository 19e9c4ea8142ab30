-- Store names are unique by their look-alike keys too (UTS #39 confusable skeletons). The keys
-- need Unicode's confusables data, which the database does not have: existing stores get them
-- from StoresService.backfillNameSkeletons() at start-up (server.ts), before any request, and a
-- store whose key another already holds keeps null there and is logged.
ALTER TABLE "stores" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "name_skeleton_cased" text;--> statement-breakpoint
CREATE UNIQUE INDEX "stores_name_skeleton_key" ON "stores" USING btree ("name_skeleton");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_name_skeleton_cased_key" ON "stores" USING btree ("name_skeleton_cased");
