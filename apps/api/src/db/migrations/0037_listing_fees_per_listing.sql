ALTER TABLE "listing_fees" DROP CONSTRAINT "listing_fees_pkey";--> statement-breakpoint
DROP INDEX "listing_fees_store_id_number_key";--> statement-breakpoint
ALTER TABLE "listing_fees" ADD CONSTRAINT "listing_fees_store_id_number_pk" PRIMARY KEY("store_id","number");--> statement-breakpoint
CREATE INDEX "listing_fees_item_id_idx" ON "listing_fees" USING btree ("item_id");
