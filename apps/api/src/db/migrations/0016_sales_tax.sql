ALTER TABLE "orders" ADD COLUMN "tax" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_calculated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_calculation_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_transaction_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_committed_at" timestamp with time zone;--> statement-breakpoint
-- Orders placed before sales tax were charged none: that is what they record, and nothing is owed to a provider.
UPDATE "orders" SET "tax_calculated" = true, "tax_committed_at" = "placed_at" WHERE "status" = 'PLACED';--> statement-breakpoint
CREATE INDEX "orders_placed_at_idx" ON "orders" USING btree ("placed_at") WHERE "orders"."status" = 'PLACED';--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_class" text DEFAULT 'clothing' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "tax" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "shipping_tax" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "refunded_tax" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_order_refunds" ADD COLUMN "tax" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_order_refunds" ADD COLUMN "covered" jsonb;--> statement-breakpoint
ALTER TABLE "store_order_refunds" ADD COLUMN "tax_reversal_id" text;--> statement-breakpoint
ALTER TABLE "store_order_refunds" ADD COLUMN "tax_reversed_at" timestamp with time zone;--> statement-breakpoint
-- Refunds made before sales tax returned none: no reversal is owed for them.
UPDATE "store_order_refunds" SET "tax_reversed_at" = "created_at" WHERE "status" = 'SUCCEEDED';--> statement-breakpoint
CREATE INDEX "store_order_refunds_succeeded_created_at_idx" ON "store_order_refunds" USING btree ("created_at") WHERE "store_order_refunds"."status" = 'SUCCEEDED';--> statement-breakpoint
CREATE TABLE "order_tax_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_tax_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"order_item_id" integer,
	"store_id" uuid NOT NULL,
	"jurisdiction" text NOT NULL,
	"jurisdiction_name" text NOT NULL,
	"tax_type" text NOT NULL,
	"rate" numeric(8, 6) NOT NULL,
	"taxable_amount" numeric(10, 2) NOT NULL,
	"amount" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_tax_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_tax_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"refund_id" uuid NOT NULL,
	"order_item_id" integer,
	"store_id" uuid NOT NULL,
	"jurisdiction" text NOT NULL,
	"jurisdiction_name" text NOT NULL,
	"tax_type" text NOT NULL,
	"rate" numeric(8, 6) NOT NULL,
	"taxable_amount" numeric(10, 2) NOT NULL,
	"amount" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_tax_lines" ADD CONSTRAINT "refund_tax_lines_refund_id_store_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."store_order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_tax_lines" ADD CONSTRAINT "refund_tax_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_tax_lines" ADD CONSTRAINT "refund_tax_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tax_lines_order_id_idx" ON "order_tax_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refund_tax_lines_refund_id_idx" ON "refund_tax_lines" USING btree ("refund_id");
