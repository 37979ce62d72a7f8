import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '@/lib/api-client';
import { paymentsKeys } from './payments-query-keys';

/**
 * PATCH /api/payment/:orderId (Bearer) with the spec's {order, transactionId}: the server checks
 * the transaction with the provider and only then marks the order paid.
 */
export function completePayment(orderId: string, transactionId: string): Promise<{ modifiedCount: number }> {
  return apiPatch<{ modifiedCount: number }>(`/payment/${encodeURIComponent(orderId)}`, {
    order: orderId,
    transactionId,
  });
}

/** Records a confirmed payment; the order's payment info is stale afterwards. */
export function useCompletePayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => completePayment(orderId, transactionId),
    onSuccess: () => {
      // The intent is used up; a later visit shows the order as paid instead.
      queryClient.removeQueries({ queryKey: paymentsKeys.intent(orderId) });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.detail(orderId) });
    },
  });
}
