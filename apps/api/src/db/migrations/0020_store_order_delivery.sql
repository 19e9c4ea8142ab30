ALTER TABLE "store_orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "delivery_assumed" boolean DEFAULT false NOT NULL;