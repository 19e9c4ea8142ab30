CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"thumbnail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"sale" numeric(5, 2) DEFAULT 0 NOT NULL,
	"count" integer NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" uuid NOT NULL,
	"store_name" text NOT NULL,
	"store_city" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"sale" numeric(5, 2) DEFAULT 0 NOT NULL,
	"sale_price" numeric(10, 2) NOT NULL,
	"currency" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_available" boolean DEFAULT false NOT NULL,
	"thumbnail" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"width" numeric(7, 2) NOT NULL,
	"length" numeric(7, 2) NOT NULL,
	"height" numeric(7, 2) NOT NULL,
	"weight" numeric(7, 2) NOT NULL,
	"dimension_unit" text DEFAULT 'IMPERIAL' NOT NULL,
	"colors" text[] DEFAULT '{}'::text[] NOT NULL,
	"sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"search" "tsvector" NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_options" ADD CONSTRAINT "item_options_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stores_owner_id_key" ON "stores" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_name_lower_key" ON "stores" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "stores_city_idx" ON "stores" USING btree ("city");--> statement-breakpoint
CREATE INDEX "item_options_item_id_idx" ON "item_options" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search");--> statement-breakpoint
CREATE INDEX "items_colors_idx" ON "items" USING gin ("colors");--> statement-breakpoint
CREATE INDEX "items_sizes_idx" ON "items" USING gin ("sizes");--> statement-breakpoint
CREATE INDEX "items_store_id_idx" ON "items" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "items_public_created_at_idx" ON "items" USING btree ("created_at","id") WHERE "items"."is_available" and "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "items_public_sale_price_idx" ON "items" USING btree ("sale_price","id") WHERE "items"."is_available" and "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "items_category_idx" ON "items" USING btree ("category");--> statement-breakpoint
CREATE INDEX "items_store_name_idx" ON "items" USING btree ("store_name");--> statement-breakpoint
CREATE INDEX "items_store_city_idx" ON "items" USING btree ("store_city");