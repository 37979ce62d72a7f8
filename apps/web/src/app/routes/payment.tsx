import { useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { ordersKeys } from '@/features/orders/api/orders-query-keys';
import { PaymentCheckout } from '@/features/payments/components/payment-checkout';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /payment/:id (signed in) — pay for one of your orders by card; :id is the order's id (?confirm=1: see notice). */
export function PaymentRoute() {
  const { id = '' } = useParams();
  // ?confirm=1: a 1-Click order whose bank asks for the customer's confirmation (3-D Secure).
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  useDocumentMeta('Payment', 'Pay for your Pitstop Parts order by card.');

  return (
    <PageContainer>
      <PaymentCheckout
        orderId={id}
        authenticate={search.get('confirm') === '1'}
        // My Orders shows the order as paid from now on.
        onPaid={() => void queryClient.invalidateQueries({ queryKey: ordersKeys.all })}
      />
    </PageContainer>
  );
}
