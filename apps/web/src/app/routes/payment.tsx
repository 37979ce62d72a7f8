import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { ordersKeys } from '@/features/orders/api/orders-query-keys';
import { PaymentCheckout } from '@/features/payments/components/payment-checkout';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /payment/:id (signed in) — pay for one of your orders by card; :id is the order's id. */
export function PaymentRoute() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  useDocumentMeta('Payment', 'Pay for your Pitstop Parts order by card.');

  return (
    <PageContainer>
      <PaymentCheckout
        orderId={id}
        // My Orders shows the order as paid from now on.
        onPaid={() => void queryClient.invalidateQueries({ queryKey: ordersKeys.all })}
      />
    </PageContainer>
  );
}
