import { companyTexts } from '@pitstop/core/companies-texts';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { CompanyPage } from '@/features/companies/components/company-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useCurrentUser } from '@/lib/current-user';

/** /company (signed in): make a company, or run it and see its orders (issue #30). */
export function CompanyRoute() {
  useDocumentMeta(companyTexts.pageTitle, companyTexts.createLead);
  const user = useCurrentUser();
  return (
    <PageContainer>
      <PageHeader title={companyTexts.pageTitle} />
      {user.data ? (
        <CompanyPage myUserId={user.data._id} />
      ) : user.isPending ? (
        <Spinner label={companyTexts.pageTitle} className="justify-start py-6" />
      ) : (
        <QueryError onRetry={() => void user.refetch()} retrying={user.isFetching} />
      )}
    </PageContainer>
  );
}
