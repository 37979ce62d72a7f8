import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { getPartQueryOptions } from '@/features/parts/api/get-part';
import { partsKeys } from '@/features/parts/api/parts-query-keys';
import { reviewTexts } from '@pitstop/core/reviews';
import { useMyReview } from '@/features/reviews/api/get-my-review';
import { ReviewForm } from '@/features/reviews/components/review-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';

function ChoosePartFromOrders({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-slate-700">{children}</p>
      <Link to="/order" className={buttonStyles('primary', 'md')}>
        Go to My Orders
      </Link>
    </div>
  );
}

/** /addreview?order=…&part=… (signed in) — review a part you ordered; My Orders links here. */
export function AddReviewRoute() {
  useDocumentMeta('Add review', 'Review a part you bought from Pitstop Parts.');
  const [searchParams] = useSearchParams();
  const partId = searchParams.get('part') ?? '';
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  // Only to name the part being reviewed; the review itself needs just its id.
  const part = useQuery({ ...getPartQueryOptions(partId), enabled: partId !== '' });
  const unknownPart = isApiError(part.error) && [400, 404].includes(part.error.status);
  // Whether this customer bought the part (paid or delivered), and their review to edit if any.
  const mine = useMyReview(partId, partId !== '');

  let body: ReactNode;
  if (!partId) {
    body = (
      <ChoosePartFromOrders>
        Choose the part to review: open My Orders and press Review beside it.
      </ChoosePartFromOrders>
    );
  } else if (unknownPart) {
    body = (
      <ChoosePartFromOrders>
        We could not find that part. Open My Orders and press Review beside the part you bought.
      </ChoosePartFromOrders>
    );
  } else if (!user.data || !mine.data) {
    // Data first: a failed background refetch must not replace a form being filled in.
    const failed = !user.data ? user : mine;
    body =
      user.isPending || mine.isPending ? (
        <Spinner label="Loading your details" className="justify-start py-6" />
      ) : (
        <QueryError onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
      );
  } else if (!mine.data.eligible) {
    body = <ChoosePartFromOrders>{reviewTexts.notBought}</ChoosePartFromOrders>;
  } else {
    body = (
      <ReviewForm
        partId={partId}
        customer={user.data}
        existing={mine.data.review}
        // The part's rating is now the average of its reviews: cached parts show the old one.
        onAdded={() => void queryClient.invalidateQueries({ queryKey: partsKeys.all })}
      />
    );
  }

  return (
    <PageContainer>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col gap-1 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Add review</h1>
          {part.data ? (
            <p className="text-slate-600">
              Your review of <span className="font-semibold text-slate-900">{part.data.name}</span>
            </p>
          ) : null}
        </div>
        {body}
      </div>
    </PageContainer>
  );
}
