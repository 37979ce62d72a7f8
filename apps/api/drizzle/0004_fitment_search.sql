-- Trigram similarity for typo-tolerant search (contrib on PostgreSQL, loaded by the app on PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "garage_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"year" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"variant" text,
	"engine" text
);
--> statement-breakpoint
DROP INDEX "part_fitments_vehicle_idx";--> statement-breakpoint
ALTER TABLE "part_fitments" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "part_fitments" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "part_fitments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "universal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "part_number_key" text GENERATED ALWAYS AS (lower(regexp_replace(part_number, '[^a-zA-Z0-9]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, part_number || ' ' || name), 'A') || setweight(to_tsvector('english'::regconfig, brand || ' ' || replace(category, '-', ' ')), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "garage_user_vehicle_idx" ON "garage_vehicles" USING btree ("user_id","year","make","model");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_one_active_idx" ON "garage_vehicles" USING btree ("user_id") WHERE "garage_vehicles"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_year_make_model_idx" ON "vehicles" USING btree ("year","make","model");--> statement-breakpoint
CREATE INDEX "parts_search_idx" ON "parts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "parts_name_trgm_idx" ON "parts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_number_key_idx" ON "parts" USING btree ("part_number_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parts_price_idx" ON "parts" USING btree ("price_cents");--> statement-breakpoint
CREATE INDEX "part_fitments_vehicle_idx" ON "part_fitments" USING btree ("make","model","year_from","year_to","part_id");--> statement-breakpoint
ALTER TABLE "part_fitments" ADD CONSTRAINT "fitment_quantity_positive" CHECK ("part_fitments"."quantity" >= 1);--> statement-breakpoint
ALTER TABLE "part_fitments" ADD CONSTRAINT "fitment_position_known" CHECK ("part_fitments"."position" in ('front', 'rear', 'left', 'right', 'pair'));