import { useParams } from 'react-router';
import { companyTexts } from '@pitstop/core/companies-texts';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { JoinPage } from '@/features/companies/components/join-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /company/join/:token: the invitation's page, open to anyone with the link. */
export function CompanyJoinRoute() {
  useDocumentMeta(companyTexts.joinTitle, companyTexts.joinTitle);
  const { token = '' } = useParams();
  return (
    <PageContainer>
      <PageHeader title={companyTexts.joinTitle} />
      <JoinPage token={token} />
    </PageContainer>
  );
}
