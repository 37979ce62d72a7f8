import { useId } from 'react';
import { QueryError } from '@/components/ui/query-error';
import { SectionErrorBoundary } from '@/components/ui/section-error-boundary';
import { Spinner } from '@/components/ui/spinner';
import { usePartReviews } from '../api/get-part-reviews';
import { ReviewCard } from './review-card';

export const REVIEWS_UNAVAILABLE = 'Reviews cannot be shown right now.';

function PartReviews({ partId }: { partId: string }) {
  const query = usePartReviews(partId);

  if (query.isPending) return <Spinner label="Loading reviews" className="justify-start py-6" />;
  if (query.isError) return <QueryError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data.length === 0) return <p className="text-slate-600">No reviews yet.</p>;
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {query.data.map((review) => (
        <li key={review._id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A part's customer reviews, newest first. It has its own error state and boundary: reviews
 * failing to load or render never take the part page down with them.
 */
export function ReviewList({ partId }: { partId: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        Customer reviews
      </h2>
      <SectionErrorBoundary fallback={<p className="text-slate-600">{REVIEWS_UNAVAILABLE}</p>}>
        <PartReviews partId={partId} />
      </SectionErrorBoundary>
    </section>
  );
}
