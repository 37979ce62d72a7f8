CREATE TABLE "assemblies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assemblies_years_ordered" CHECK ("assemblies"."year_from" <= "assemblies"."year_to")
);
--> statement-breakpoint
CREATE TABLE "assembly_callouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assembly_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	CONSTRAINT "assembly_callouts_on_picture" CHECK ("assembly_callouts"."x" between 0 and 1 and "assembly_callouts"."y" between 0 and 1),
	CONSTRAINT "assembly_callouts_number_positive" CHECK ("assembly_callouts"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"logo" text,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name"),
	CONSTRAINT "brands_slug_unique" UNIQUE("slug"),
	CONSTRAINT "brands_kind_known" CHECK ("brands"."kind" in ('oem', 'aftermarket'))
);
--> statement-breakpoint
CREATE TABLE "callout_parts" (
	"callout_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"note" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "callout_parts_callout_id_part_id_pk" PRIMARY KEY("callout_id","part_id"),
	CONSTRAINT "callout_parts_quantity_positive" CHECK ("callout_parts"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "part_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"part_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"brand" text,
	"number" text NOT NULL,
	"number_key" text GENERATED ALWAYS AS (lower(regexp_replace(number, '[^a-zA-Z0-9]', '', 'g'))) STORED NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "part_numbers_kind_known" CHECK ("part_numbers"."kind" in ('oem', 'interchange', 'supersedes'))
);
--> statement-breakpoint
ALTER TABLE "assembly_callouts" ADD CONSTRAINT "assembly_callouts_assembly_id_assemblies_id_fk" FOREIGN KEY ("assembly_id") REFERENCES "public"."assemblies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_parts" ADD CONSTRAINT "callout_parts_callout_id_assembly_callouts_id_fk" FOREIGN KEY ("callout_id") REFERENCES "public"."assembly_callouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_parts" ADD CONSTRAINT "callout_parts_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_numbers" ADD CONSTRAINT "part_numbers_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assemblies_bike_slug_idx" ON "assemblies" USING btree ("make","model","year_from","year_to","slug");--> statement-breakpoint
CREATE INDEX "assemblies_bike_idx" ON "assemblies" USING btree ("make","model","year_from","year_to");--> statement-breakpoint
CREATE UNIQUE INDEX "assembly_callouts_number_idx" ON "assembly_callouts" USING btree ("assembly_id","number");--> statement-breakpoint
CREATE INDEX "callout_parts_part_idx" ON "callout_parts" USING btree ("part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "part_numbers_part_kind_key_idx" ON "part_numbers" USING btree ("part_id","kind","number_key");--> statement-breakpoint
CREATE INDEX "part_numbers_key_idx" ON "part_numbers" USING btree ("number_key" text_pattern_ops);--> statement-breakpoint
-- The specification's six makers are the featured brands; any other brand a part already carries
-- becomes a brand too, so the foreign key below holds on every existing catalogue.
INSERT INTO "brands" ("name", "slug", "kind", "featured") VALUES
	('Yamaha', 'yamaha', 'oem', true),
	('Suzuki', 'suzuki', 'oem', true),
	('TVS', 'tvs', 'oem', true),
	('Bajaj', 'bajaj', 'oem', true),
	('Hero', 'hero', 'oem', true),
	('Honda', 'honda', 'oem', true);--> statement-breakpoint
INSERT INTO "brands" ("name", "slug", "kind")
	SELECT DISTINCT p."brand", trim(both '-' from lower(regexp_replace(p."brand", '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || substr(md5(p."brand"), 1, 6), 'aftermarket'
	FROM "parts" p WHERE NOT EXISTS (SELECT 1 FROM "brands" b WHERE b."name" = p."brand");--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_brand_brands_name_fk" FOREIGN KEY ("brand") REFERENCES "public"."brands"("name") ON DELETE no action ON UPDATE cascade;