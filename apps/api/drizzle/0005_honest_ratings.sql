-- A part's rating is the average of its real reviews, or none (0 with review_count 0): the seeded
-- and admin-set ratings go. See docs/decisions/011-honest-ratings.md.
ALTER TABLE "parts" DROP CONSTRAINT "parts_ratings_range";--> statement-breakpoint
UPDATE "parts" SET "ratings" = 0, "review_count" = 0
WHERE ("ratings" <> 0 OR "review_count" <> 0)
	AND NOT EXISTS (SELECT 1 FROM "reviews" WHERE "reviews"."part_id" = "parts"."id");--> statement-breakpoint
UPDATE "parts" SET "ratings" = "rated"."average", "review_count" = "rated"."count"
FROM (
	SELECT "part_id", round(avg("rating")::numeric, 1)::double precision AS "average", count(*)::integer AS "count"
	FROM "reviews"
	WHERE "part_id" IS NOT NULL
	GROUP BY "part_id"
) AS "rated"
WHERE "parts"."id" = "rated"."part_id";--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_rating_from_reviews" CHECK (("parts"."review_count" = 0 AND "parts"."ratings" = 0) OR ("parts"."review_count" > 0 AND "parts"."ratings" BETWEEN 1 AND 5));