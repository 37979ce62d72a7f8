import { statementTexts } from '@pitstop/core/invoices-texts';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { StatementsPage } from '@/features/statements/components/statements-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /company/statements (signed in; the company's owner and accountants). */
export function CompanyStatementsRoute() {
  useDocumentMeta(statementTexts.pageTitle, statementTexts.intro);
  return (
    <PageContainer>
      <PageHeader title={statementTexts.pageTitle} />
      <StatementsPage />
    </PageContainer>
  );
}
