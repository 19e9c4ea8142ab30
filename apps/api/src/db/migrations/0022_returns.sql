CREATE TABLE "return_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"return_id" uuid NOT NULL,
	"order_item_id" integer NOT NULL,
	"item_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_order_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"return_address" jsonb NOT NULL,
	"buyer_name" text NOT NULL,
	"label_carrier" text,
	"label_tracking_number" text,
	"label_url" text,
	"label_pdf" "bytea",
	"label_tracker_id" text,
	"label_shipment_id" text,
	"damaged" boolean DEFAULT false NOT NULL,
	"note" text,
	"amount" numeric(10, 2) NOT NULL,
	"tax" numeric(10, 2) NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_lines_return_id_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_order_item_id_key" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_lines_item_id_idx" ON "return_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "returns_buyer_id_requested_at_idx" ON "returns" USING btree ("buyer_id","requested_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "returns_store_id_requested_at_idx" ON "returns" USING btree ("store_id","requested_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "returns_store_order_id_idx" ON "returns" USING btree ("store_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_label_tracking_number_key" ON "returns" USING btree ("label_tracking_number");--> statement-breakpoint
CREATE INDEX "returns_received_at_idx" ON "returns" USING btree ("received_at") WHERE "returns"."status" = 'RECEIVED';