CREATE TABLE "shipping_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"tracking_number" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"message" text NOT NULL,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "express_rates" jsonb;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "label_bought_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "provider_shipment_id" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "tracker_id" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "label_url" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "label_pdf" "bytea";--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "label_cost_cents" integer;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "label_currency" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "out_for_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_store_order_status_occurred_key" ON "tracking_events" USING btree ("store_order_id","status","occurred_at");--> statement-breakpoint
CREATE INDEX "store_orders_tracking_number_idx" ON "store_orders" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "store_orders_undelivered_shipped_at_idx" ON "store_orders" USING btree ("shipped_at") WHERE "store_orders"."status" in ('SHIPPED', 'IN_TRANSIT');