-- The price a shopper pays is now computed in whole cents, half up (salePriceCents, decision
-- 052): a binary float made 19.99 at 50 % 9.99 while 29.99 at 50 % was 15.00. Rows written
-- before are brought to the same rule, so a card shows what the bag and checkout charge.
-- PostgreSQL's round() of a numeric is exact and rounds a half away from zero.
UPDATE "items"
SET "sale_price" = round("price" * (100 - "sale") / 100, 2)
WHERE "sale_price" <> round("price" * (100 - "sale") / 100, 2);
