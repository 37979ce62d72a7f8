import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { HOME_REVIEWS, useRecentReviews } from '../api/get-recent-reviews';
import { ReviewCard } from './review-card';

/**
 * The home page's newest customer reviews. Loaded as its own chunk once the section nears the
 * viewport, so it adds nothing to the home page's first load (and it uses no zod).
 */
export function RecentReviews() {
  const query = useRecentReviews(HOME_REVIEWS);

  if (query.isPending) return <Spinner label="Loading reviews" className="py-10" />;
  if (query.isError) return <QueryError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data.length === 0) return <p className="text-slate-600">No reviews yet.</p>;
  return (
    <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
      {query.data.map((review) => (
        <li key={review._id}>
          <ReviewCard review={review} showPart />
        </li>
      ))}
    </ul>
  );
}
