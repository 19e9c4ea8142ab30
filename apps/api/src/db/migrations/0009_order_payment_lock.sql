ALTER TABLE "orders" ADD COLUMN "payment_lock" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_lock_until" timestamp with time zone;