-- Refund jobs: a card payment that arrives for an order already cancelled (its time ran out, or it
-- was cancelled while the customer paid) is given back by a stored job, retried until the provider
-- takes it.
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_known";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_known" CHECK ("jobs"."kind" in ('mail', 'refund'));
