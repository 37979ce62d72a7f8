CREATE TABLE "part_fitments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"part_id" uuid NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer NOT NULL,
	CONSTRAINT "fitment_years_ordered" CHECK ("part_fitments"."year_from" <= "part_fitments"."year_to")
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"seller" text NOT NULL,
	"price_cents" integer NOT NULL,
	"img" text NOT NULL,
	"description" text NOT NULL,
	"ratings" double precision DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"stock" integer NOT NULL,
	"available_quantity" integer NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"brand" text NOT NULL,
	"category" text NOT NULL,
	"part_number" text NOT NULL,
	"specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parts_part_number_unique" UNIQUE("part_number"),
	CONSTRAINT "parts_price_nonnegative" CHECK ("parts"."price_cents" >= 0),
	CONSTRAINT "parts_available_nonnegative" CHECK ("parts"."available_quantity" >= 0),
	CONSTRAINT "parts_min_positive" CHECK ("parts"."min_quantity" >= 1),
	CONSTRAINT "parts_stock_nonnegative" CHECK ("parts"."stock" >= 0),
	CONSTRAINT "parts_ratings_range" CHECK ("parts"."ratings" >= 0 AND "parts"."ratings" <= 5)
);
--> statement-breakpoint
ALTER TABLE "part_fitments" ADD CONSTRAINT "part_fitments_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "part_fitments_part_idx" ON "part_fitments" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "part_fitments_vehicle_idx" ON "part_fitments" USING btree ("make","model");--> statement-breakpoint
CREATE INDEX "parts_listing_idx" ON "parts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "parts_brand_idx" ON "parts" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "parts_category_idx" ON "parts" USING btree ("category");