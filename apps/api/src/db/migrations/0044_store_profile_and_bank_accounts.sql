CREATE TABLE "payout_bank_accounts" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"details" text NOT NULL,
	"account_last4" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "banner" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "shipping_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "return_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_bank_accounts" ADD CONSTRAINT "payout_bank_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;