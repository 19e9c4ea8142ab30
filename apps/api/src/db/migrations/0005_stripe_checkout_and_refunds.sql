CREATE TABLE "local_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "local_refunds" ADD CONSTRAINT "local_refunds_payment_id_local_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."local_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_refunds_payment_id_idx" ON "local_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_session_id_key" ON "orders" USING btree ("checkout_session_id");