CREATE TABLE "listing_fees" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"item_name" text NOT NULL,
	"currency" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"store_order_id" uuid PRIMARY KEY NOT NULL,
	"payout_id" uuid NOT NULL,
	"refunded_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_refunds" (
	"refund_id" uuid PRIMARY KEY NOT NULL,
	"payout_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"reversal_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"period_start" text NOT NULL,
	"period_end" text NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"period_start" text NOT NULL,
	"period_end" text NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text,
	"run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "listing_fees" ADD CONSTRAINT "listing_fees_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_fees" ADD CONSTRAINT "listing_fees_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_refunds" ADD CONSTRAINT "payout_refunds_refund_id_store_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."store_order_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_refunds" ADD CONSTRAINT "payout_refunds_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_fees_store_id_number_key" ON "listing_fees" USING btree ("store_id","number");--> statement-breakpoint
CREATE INDEX "listing_fees_store_id_created_at_idx" ON "listing_fees" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_fees_created_at_idx" ON "listing_fees" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_account_id_key" ON "payout_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payout_lines_payout_id_idx" ON "payout_lines" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payout_refunds_payout_id_idx" ON "payout_refunds" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payout_runs_started_at_idx" ON "payout_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_store_id_period_start_currency_key" ON "payouts" USING btree ("store_id","period_start","currency");--> statement-breakpoint
CREATE INDEX "payouts_run_id_idx" ON "payouts" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "store_orders_placed_at_idx" ON "store_orders" USING btree ("placed_at");--> statement-breakpoint
-- Products created before listing fees were charged count towards each store's 20 free
-- listings (deleted ones too), but are not charged after the fact (decision 022).
INSERT INTO "listing_fees" ("item_id", "store_id", "number", "item_name", "currency", "fee_cents", "created_at")
SELECT "id", "store_id", row_number() OVER (PARTITION BY "store_id" ORDER BY "created_at", "id"), "name", "currency", 0, "created_at"
FROM "items";
