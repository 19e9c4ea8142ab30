-- Issue 39.5: the look-alike keys now also drop spacing, punctuation and symbols ("Maple Denim
-- Co." is "Maple Denim Co"). The keys need Unicode's confusables data, which the database does
-- not have (as in 0011): every store's keys are cleared here and recomputed by
-- StoresService.backfillNameSkeletons() at start-up (server.ts), before any request, oldest
-- store first; a younger store whose new key an older one holds keeps null and is logged.
UPDATE "stores" SET "name_skeleton" = NULL, "name_skeleton_cased" = NULL;
