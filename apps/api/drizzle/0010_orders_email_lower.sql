-- A customer's orders are read by lower(email) (GET /api/order/:email); the old index on the raw
-- column could not serve that, so each read scanned the orders table.
DROP INDEX "orders_email_idx";--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"),"created_at");