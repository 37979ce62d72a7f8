import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  REVIEWABLE_ORDER_STATUSES,
  reviewTexts,
  type CreateReviewInput,
  type MyReview,
  type Review,
} from '@pitstop/core/reviews';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { orderLines, orders, parts, reviews, type ReviewRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { requireStoredUpload } from '../uploads/service.js';
import type { UploadStore } from '../uploads/store.js';
import { sameEmail } from '../users/service.js';

export function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    descriptions: row.descriptions,
    img: row.img,
    rating: row.rating,
    productId: row.partId,
    partName: row.partName,
    createdAt: row.createdAt.toISOString(),
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Sets a part's rating and review count from its reviews: the average to one decimal, or 0 with
 * a count of 0 when it has none. The only writer of both columns (the table's check keeps them
 * in step), called in the transaction that adds the review.
 */
export async function refreshPartRating(tx: Db | Tx, partId: string): Promise<void> {
  const ofPart = sql`from ${reviews} where ${reviews.partId} = ${partId}`;
  await tx
    .update(parts)
    .set({
      ratings: sql`coalesce((select round(avg(${reviews.rating})::numeric, 1)::double precision ${ofPart}), 0)`,
      reviewCount: sql`(select count(*)::integer ${ofPart})`,
      updatedAt: new Date(),
    })
    .where(eq(parts.id, partId));
}

/** Whether the customer bought the part: a line of an order of theirs that was paid or delivered. */
async function hasBought(tx: Db | Tx, userId: string, partId: string): Promise<boolean> {
  const [bought] = await tx
    .select({ id: orders.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderLines.partId, partId),
        inArray(orders.status, [...REVIEWABLE_ORDER_STATUSES]),
        isNull(orders.deletedAt),
      ),
    )
    .limit(1);
  return bought !== undefined;
}

/** The customer's own review of a part (to edit it) and whether they may review it at all. */
export async function myReview(db: Db, caller: SessionUser, partId: string): Promise<MyReview> {
  const [[row], eligible] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(and(eq(reviews.userId, caller.id), eq(reviews.partId, partId)))
      .limit(1),
    hasBought(db, caller.id, partId),
  ]);
  return { review: row ? toReview(row) : null, eligible };
}

/**
 * A review belongs to a signed-in customer who bought the part (a paid or delivered order; not an
 * unpaid or cancelled one). One per customer per part: a second submit edits the first (the unique
 * index makes it so even when two land at once). The part's rating becomes the average of its
 * real reviews in the same transaction.
 */
export async function addReview(
  db: Db,
  caller: SessionUser,
  input: CreateReviewInput,
  uploads: UploadStore,
): Promise<{ insertedId: string }> {
  if (!sameEmail(caller.email, input.email)) {
    throw new AppError('forbidden', 'You can only review as yourself.', [
      { field: 'email', message: 'Use the email you are signed in with.' },
    ]);
  }
  await requireStoredUpload(uploads, input.img);

  return db.transaction(async (tx) => {
    // Locked, so two reviews of one part landing together are averaged one after the other
    // (each average then counts the other's review).
    const [part] = await tx
      .select({ name: parts.name })
      .from(parts)
      .where(eq(parts.id, input.productId))
      .limit(1)
      .for('update');
    if (!part) throw new AppError('not_found', 'We could not find that part.');
    if (!(await hasBought(tx, caller.id, input.productId))) {
      throw new AppError('forbidden', reviewTexts.notBought);
    }
    const edit = {
      name: input.name,
      descriptions: input.descriptions,
      img: input.img,
      rating: input.rating,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(reviews)
      .values({
        userId: caller.id,
        partId: input.productId,
        partName: part.name,
        name: input.name,
        email: caller.email,
        descriptions: input.descriptions,
        img: input.img,
        rating: input.rating,
      })
      .onConflictDoUpdate({
        target: [reviews.userId, reviews.partId],
        targetWhere: sql`${reviews.userId} IS NOT NULL AND ${reviews.partId} IS NOT NULL`,
        set: edit,
      })
      .returning({ id: reviews.id });
    if (!row) throw new Error('review was not inserted');
    await refreshPartRating(tx, input.productId);
    return { insertedId: row.id };
  });
}

export async function reviewsOfPart(db: Db, partId: string): Promise<Review[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.partId, partId))
    .orderBy(desc(reviews.createdAt))
    .limit(50);
  return rows.map(toReview);
}

export async function latestReviews(db: Db, limit: number): Promise<Review[]> {
  const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt)).limit(limit);
  return rows.map(toReview);
}
