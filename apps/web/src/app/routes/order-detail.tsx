import { useParams } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { OrderPage } from '@/features/orders/components/order-page/order-page';
import { orderPageTitle } from '@/features/orders/components/order-page/order-title';
import { ReturnRequestForm } from '@/features/returns/components/return-request-form';
import { ReorderButton } from '@/features/quick-order/components/reorder-button';
import { OrderInvoice } from '@/features/invoices/components/order-invoice';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /order/:number — a customer's own order: what they bought, where it goes, and returns. */
export function OrderDetailRoute() {
  const { number } = useParams();
  useDocumentMeta(orderPageTitle(number), 'Your Pitstop Parts order.');
  return (
    <PageContainer>
      <OrderPage
        number={number}
        admin={false}
        reorder={({ order }) => (
          <>
            <ReorderButton orderNumber={order.orderNumber} />
            {/* Its invoice (issue #30), once it has one. */}
            <OrderInvoice order={order} />
          </>
        )}
        returnRequestForm={({ order, refresh }, done) => (
          <ReturnRequestForm order={order} onRequested={done} onChanged={() => void refresh()} />
        )}
      />
    </PageContainer>
  );
}
