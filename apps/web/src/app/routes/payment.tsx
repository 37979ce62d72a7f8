import { PageContainer } from '@/components/layout/page-container';
import { ScreenPlaceholder } from '@/components/layout/screen-placeholder';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /payment/:id — the card payment screen arrives with the payments issue. */
export function PaymentRoute() {
  useDocumentMeta('Payment', 'Pay for your Pitstop Parts order by card.');
  return (
    <PageContainer>
      <ScreenPlaceholder title="Payment">
        The order&apos;s name and price and the card payment form will be here.
      </ScreenPlaceholder>
    </PageContainer>
  );
}
