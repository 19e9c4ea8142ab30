ALTER TABLE "store_orders" ADD COLUMN "carrier" text;
