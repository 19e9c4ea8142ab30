-- The catalog index loads every listed product in city and brand order (decision 034), through a
-- cursor, which PostgreSQL never runs in parallel: without an index in that order one backend
-- read the whole table and sorted it on disk before the first row (a million products: 5 s of
-- the load, issue 41). In this order the rows stream as they are fetched, so the process builds
-- one batch while the database reads the next.
CREATE INDEX "items_public_load_order_idx" ON "items" USING btree ("store_city",lower("store_name"),"id") WHERE "items"."is_available" and "items"."deleted_at" is null;
