import type { Review } from '@pitstop/core/reviews';

let sequence = 0;

/** A review as GET /api/parts/:id/reviews lists it; override only what a test is about. */
export function createReview(overrides: Partial<Review> = {}): Review {
  sequence += 1;
  return {
    _id: `20000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    name: 'Riley Rider',
    descriptions: 'Fits perfectly and stops well.',
    img: `/uploads/${String(sequence).padStart(64, 'c')}.webp`,
    rating: 5,
    productId: '00000000-0000-4000-8000-000000000001',
    partName: 'Test Brake Pad 1',
    createdAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}
