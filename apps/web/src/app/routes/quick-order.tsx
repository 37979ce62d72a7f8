import { quickOrderTexts } from '@pitstop/core/quick-order-texts';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { QuickOrderPage } from '@/features/quick-order/components/quick-order-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /quick-order (signed in): order many parts at once by part number. */
export function QuickOrderRoute() {
  useDocumentMeta(quickOrderTexts.heading, quickOrderTexts.metaDescription);
  return (
    <PageContainer>
      <PageHeader title={quickOrderTexts.heading} />
      <QuickOrderPage />
    </PageContainer>
  );
}
