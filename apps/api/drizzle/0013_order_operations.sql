-- Orders a shop runs on (docs/decisions/026-orders-a-shop-runs-on.md): order numbers, a timeline,
-- shipments, returns and refunds; nothing that held money or an order can be deleted any more
-- (every foreign key to an order restricts), and one review per customer per part.
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_number_counter" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_number_counter_one_row" CHECK ("order_number_counter"."id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"return_id" uuid,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"provider_refund_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_return_id_unique" UNIQUE("return_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_method_known" CHECK ("refunds"."method" in ('card', 'account'))
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"return_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "return_lines_pk" PRIMARY KEY("return_id","order_line_id"),
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decline_reason" text,
	"restocked" boolean,
	"refund_cents" integer,
	"refund_tax_cents" integer,
	"requested_by" text,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_status_known" CHECK ("returns"."status" in ('requested', 'approved', 'declined', 'received', 'refunded')),
	CONSTRAINT "returns_reason_known" CHECK ("returns"."reason" in ('wrong_part', 'damaged', 'not_as_described', 'changed_mind'))
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"shipment_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_pk" PRIMARY KEY("shipment_id","order_line_id"),
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_carrier_known" CHECK ("shipments"."carrier" in ('ups', 'fedex', 'usps', 'other'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "part_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_lines_order_line_idx" ON "return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_order_position_idx" ON "returns" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shipment_lines_order_line_idx" ON "shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_position_idx" ON "shipments" USING btree ("order_id","position");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- One review per customer per part: where a customer wrote several, the newest stays (it is what
-- they think now), and the parts' ratings are counted again from what is left.
DELETE FROM "reviews" "r" USING "reviews" "newer"
WHERE "r"."user_id" = "newer"."user_id" AND "r"."part_id" = "newer"."part_id"
	AND ("newer"."created_at", "newer"."id") > ("r"."created_at", "r"."id");--> statement-breakpoint
UPDATE "parts" SET "ratings" = coalesce("rated"."average", 0), "review_count" = coalesce("rated"."count", 0)
FROM "parts" "p" LEFT JOIN (
	SELECT "part_id", round(avg("rating")::numeric, 1)::double precision AS "average", count(*)::integer AS "count"
	FROM "reviews" WHERE "part_id" IS NOT NULL GROUP BY "part_id"
) AS "rated" ON "rated"."part_id" = "p"."id"
WHERE "parts"."id" = "p"."id" AND "parts"."review_count" <> coalesce("rated"."count", 0);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_customer_part_idx" ON "reviews" USING btree ("user_id","part_id") WHERE "reviews"."user_id" IS NOT NULL AND "reviews"."part_id" IS NOT NULL;--> statement-breakpoint
-- Orders placed before numbers get them in the order they were placed, from PS-10001.
UPDATE "orders" SET "number" = 10000 + "numbered"."n"
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "orders") AS "numbered"
WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "order_number_counter" ("id", "last") SELECT true, coalesce(max("number"), 10000) FROM "orders";--> statement-breakpoint
UPDATE "order_lines" SET "part_number" = "parts"."part_number" FROM "parts" WHERE "parts"."id" = "order_lines"."part_id";--> statement-breakpoint
-- A cancelled order refunded before refunds had their own table: its refund, as it was.
INSERT INTO "refunds" ("order_id", "method", "amount_cents", "tax_cents", "provider_refund_id", "created_at")
SELECT "id", 'card', "total_cents", "tax_cents", "refund_id", "refunded_at" FROM "orders"
WHERE "refunded_at" IS NOT NULL AND "total_cents" > 0;--> statement-breakpoint
UPDATE "orders" SET "refunded_cents" = "total_cents" WHERE "refunded_at" IS NOT NULL;--> statement-breakpoint
-- The timeline of older orders, from the times they kept.
INSERT INTO "order_events" ("order_id", "kind", "actor_name", "detail", "created_at")
SELECT "id", 'placed', 'Customer', '', "created_at" FROM "orders"
UNION ALL SELECT "id", 'paid', 'System', '', "paid_at" FROM "orders" WHERE "paid_at" IS NOT NULL
UNION ALL SELECT "id", 'shipment', 'Shop', '', "shipped_at" FROM "orders" WHERE "shipped_at" IS NOT NULL
UNION ALL SELECT "id", 'delivered', 'Shop', '', "delivered_at" FROM "orders" WHERE "delivered_at" IS NOT NULL
UNION ALL SELECT "id", 'cancelled', 'System', coalesce("cancel_reason", ''), "cancelled_at" FROM "orders" WHERE "cancelled_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("orders"."refunded_cents" between 0 and "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'on_account', 'paid', 'partially_shipped', 'shipped', 'delivered', 'cancelled'));