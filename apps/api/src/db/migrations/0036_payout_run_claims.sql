CREATE TABLE "payout_run_claims" (
	"period_start" text PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
