ALTER TABLE "stores" ADD COLUMN "ship_from_address" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "return_address" jsonb;