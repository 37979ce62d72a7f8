import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { Checkout } from '@/features/checkout/components/checkout';
import { ordersKeys } from '@/features/orders/api/orders-query-keys';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /checkout (signed in) — the cart becomes one order, then the payment page takes the card. */
export function CheckoutRoute() {
  useDocumentMeta(checkoutTexts.heading, checkoutTexts.metaDescription);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return (
    <PageContainer>
      <PageHeader title={checkoutTexts.heading} />
      <Checkout
        onPlaced={(orderId) => {
          // My Orders lists the new order.
          void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
          void navigate(`/payment/${encodeURIComponent(orderId)}`);
        }}
      />
    </PageContainer>
  );
}
