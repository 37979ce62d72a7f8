import { useQueryClient } from '@tanstack/react-query';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { MyOrders } from '@/features/orders/components/my-orders';
import { partsKeys } from '@/features/parts/api/parts-query-keys';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /order — My Orders: the signed-in customer's orders, to pay, delete or review. */
export function OrderRoute() {
  useDocumentMeta('My Orders', 'Your Pitstop Parts orders.');
  const queryClient = useQueryClient();
  const refreshParts = () => void queryClient.invalidateQueries({ queryKey: partsKeys.all });

  return (
    <PageContainer>
      <PageHeader title="My Orders">Pay for, review, cancel or delete the parts you ordered.</PageHeader>
      <MyOrders
        // A deleted or cancelled order's stock is back on its part: cached parts show too little.
        onOrderDeleted={refreshParts}
        onOrderCancelled={refreshParts}
      />
    </PageContainer>
  );
}
