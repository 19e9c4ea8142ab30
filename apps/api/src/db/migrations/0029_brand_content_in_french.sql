ALTER TABLE "items" ADD COLUMN "name_fr" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "description_fr" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "materials_fr" text;--> statement-breakpoint
-- The brand's French words, stemmed by PostgreSQL's 'french' configuration (issue 19,
-- decision 030): "chandails" finds "chandail". Generated, so every write path (the
-- repository, the seeds, the bench) keeps it without knowing of it; empty for a product with
-- no French. The English vector ("search", 'simple') is unchanged: a keyword matches either.
ALTER TABLE "items" ADD COLUMN "search_fr" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('french', coalesce("name_fr", '')), 'A') || setweight(to_tsvector('french', coalesce("description_fr", '') || ' ' || coalesce("materials_fr", '')), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "items_search_fr_idx" ON "items" USING gin ("search_fr");--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "description_fr" text;
