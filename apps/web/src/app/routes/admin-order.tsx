import { useParams } from 'react-router';
import { OrderInvoice } from '@/features/invoices/components/order-invoice';
import { OrderPage } from '@/features/orders/components/order-page/order-page';
import { orderPageTitle } from '@/features/orders/components/order-page/order-title';
import { ReturnActions } from '@/features/returns/components/return-actions';
import { OrderShippingPanel } from '@/features/shipments/components/order-shipping-panel';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/orders/:number (admins): any order, with shipping, returns and the packing slip. */
export function AdminOrderRoute() {
  const { number } = useParams();
  useDocumentMeta(orderPageTitle(number), 'An order — Pitstop Parts dashboard.');
  return (
    <OrderPage
      number={number}
      admin
      // Its invoice's PDF (issue #30), once it has one; payments are recorded on the Invoices screen.
      reorder={({ order }) => <OrderInvoice order={order} />}
      shipping={({ order, refresh }) => <OrderShippingPanel order={order} onChanged={refresh} />}
      returnActions={({ refresh }, item, done) => (
        <ReturnActions item={item} onDone={done} onChanged={() => void refresh()} />
      )}
    />
  );
}
