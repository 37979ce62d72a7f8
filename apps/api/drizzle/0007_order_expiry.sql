-- Reservations expire (issue #10): an unpaid order holds its stock until expires_at, then the
-- expiry job cancels it (cancel_reason 'expired') and returns the stock. Orders that were already
-- unpaid get the default hold (30 minutes) from the moment of the upgrade, so none is cancelled by
-- surprise and none holds stock forever.
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE INDEX "orders_unpaid_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'unpaid';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason_known" CHECK ("orders"."cancel_reason" in ('expired', 'customer', 'admin'));--> statement-breakpoint
UPDATE "orders" SET "expires_at" = now() + interval '30 minutes' WHERE "status" = 'unpaid';
