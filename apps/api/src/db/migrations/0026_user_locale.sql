-- The language a signed-in user chose with the switch (issue 19): 'en' or 'fr-CA'; null until
-- they choose, when their device's choice or their browser's language decides.
ALTER TABLE "users" ADD COLUMN "locale" text;
