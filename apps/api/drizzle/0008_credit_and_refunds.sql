-- Refunds and pay on account (issue #10, items 6–7; docs/decisions/014-credit-and-refunds.md): credit
-- applications and the credit line they grant, an on_account order status (net 30, never expires),
-- when an invoice falls due, and when and how a paid order was refunded. Existing rows are unchanged.
CREATE TABLE "credit_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"limit_cents" integer NOT NULL,
	"application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_limit_nonnegative" CHECK ("credit_accounts"."limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"business_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"ein" text NOT NULL,
	"years_in_business" integer NOT NULL,
	"requested_limit_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_limit_cents" integer,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_applications_status_known" CHECK ("credit_applications"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "credit_applications_requested_positive" CHECK ("credit_applications"."requested_limit_cents" > 0),
	CONSTRAINT "credit_applications_years_nonnegative" CHECK ("credit_applications"."years_in_business" >= 0),
	CONSTRAINT "credit_applications_limit_when_approved" CHECK (("credit_applications"."status" = 'approved') = ("credit_applications"."approved_limit_cents" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_applications_status_idx" ON "credit_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_applications_one_pending_idx" ON "credit_applications" USING btree ("user_id") WHERE "credit_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_account_open_idx" ON "orders" USING btree ("user_id") WHERE "orders"."payment_method" = 'account' AND "orders"."paid_at" IS NULL AND "orders"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'on_account', 'paid', 'shipped', 'delivered', 'cancelled'));