CREATE INDEX "returns_requested_at_currency_idx" ON "returns" USING btree ("requested_at","currency");--> statement-breakpoint
CREATE TABLE "payout_carries" (
	"from_payout_id" uuid PRIMARY KEY NOT NULL,
	"into_payout_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_carries" ADD CONSTRAINT "payout_carries_from_payout_id_payouts_id_fk" FOREIGN KEY ("from_payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_carries" ADD CONSTRAINT "payout_carries_into_payout_id_payouts_id_fk" FOREIGN KEY ("into_payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_carries_into_payout_id_idx" ON "payout_carries" USING btree ("into_payout_id");--> statement-breakpoint
CREATE INDEX "payouts_carried_period_start_idx" ON "payouts" USING btree ("period_start") WHERE "payouts"."status" = 'CARRIED';
