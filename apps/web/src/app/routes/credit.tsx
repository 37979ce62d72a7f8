import { creditPageTexts } from '@pitstop/core/credit-texts';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { CreditPage } from '@/features/credit/components/credit-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useCurrentUser } from '@/lib/current-user';

/** /credit (signed in): apply to pay on account, or see where the application stands. */
export function CreditRoute() {
  useDocumentMeta(creditPageTexts.heading, creditPageTexts.metaDescription);
  const user = useCurrentUser();
  return (
    <PageContainer>
      <PageHeader title={creditPageTexts.heading} />
      {/* Data first: a failed background refetch must not replace a form being filled in. */}
      {user.data ? (
        <CreditPage email={user.data.email} />
      ) : user.isPending ? (
        <Spinner label={creditPageTexts.loading} className="justify-start py-6" />
      ) : (
        <QueryError onRetry={() => void user.refetch()} retrying={user.isFetching} />
      )}
    </PageContainer>
  );
}
