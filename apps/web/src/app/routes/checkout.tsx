import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { Checkout } from '@/features/checkout/components/checkout';
import { useCreditStatus } from '@/features/credit/api/get-credit-status';
import { ordersKeys } from '@/features/orders/api/orders-query-keys';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /checkout (signed in) — the cart becomes one order, then the payment page takes the card. */
export function CheckoutRoute() {
  useDocumentMeta(checkoutTexts.heading, checkoutTexts.metaDescription);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // An approved customer may pay on account; while this loads (or if it fails) card is the way.
  const credit = useCreditStatus();
  const account = credit.data?.account ?? null;

  return (
    <PageContainer>
      <PageHeader title={checkoutTexts.heading} />
      <Checkout
        creditLine={account ? { remaining: account.remaining } : null}
        onPlaced={(orderId, payment) => {
          // My Orders lists the new order; what is left of the limit changed.
          void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
          if (payment === 'account') {
            void credit.refetch();
            // Nothing to pay now: the order is on account, so My Orders is where it is followed.
            void navigate('/order');
          } else {
            void navigate(`/payment/${encodeURIComponent(orderId)}`);
          }
        }}
      />
    </PageContainer>
  );
}
