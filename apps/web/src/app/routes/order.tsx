import { PageContainer } from '@/components/layout/page-container';
import { ScreenPlaceholder } from '@/components/layout/screen-placeholder';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /order — My Orders. The orders table arrives with the orders issue. */
export function OrderRoute() {
  useDocumentMeta('My Orders', 'Your Pitstop Parts orders.');
  return (
    <PageContainer>
      <ScreenPlaceholder title="My Orders">
        Your orders will be listed here, with payment and review actions for each.
      </ScreenPlaceholder>
    </PageContainer>
  );
}
