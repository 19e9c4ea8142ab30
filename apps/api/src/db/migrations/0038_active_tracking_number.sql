ALTER TABLE "store_orders" ADD COLUMN "tracking_registered_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "store_orders" SET "tracking_registered_at" = coalesce("label_bought_at", "shipped_at", "updated_at") WHERE "tracking_number" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_active_tracking_number_key" ON "store_orders" USING btree ("carrier","tracking_number") WHERE "store_orders"."tracking_number" is not null and "store_orders"."status" in ('PLACED', 'SHIPPED', 'IN_TRANSIT');