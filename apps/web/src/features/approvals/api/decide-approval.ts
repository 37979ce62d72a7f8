import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalQueue } from '@pitstop/core/approvals';
import type { Order } from '@pitstop/core/orders';
import { apiPost } from '@/lib/api-client';
import { approvalsKeys } from './approvals-query-keys';

export type ApprovalDecision =
  { orderId: string; approve: true } | { orderId: string; approve: false; reason: string };

/** POST /api/company/approvals/:orderId/approve or …/decline {reason}: the order as it is now. */
export function decideApproval(decision: ApprovalDecision): Promise<Order> {
  const path = `/company/approvals/${encodeURIComponent(decision.orderId)}`;
  return decision.approve
    ? apiPost<Order>(`${path}/approve`)
    : apiPost<Order>(`${path}/decline`, { reason: decision.reason });
}

/** Decides; the decided order leaves the queue at once, and the queue is read again after. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSuccess: (_order, decision) => {
      queryClient.setQueryData<ApprovalQueue>(approvalsKeys.queue(), (queue) =>
        queue ? { items: queue.items.filter((item) => item.orderId !== decision.orderId) } : queue,
      );
    },
    // Decided meanwhile by another approver (409): the queue as it is now says so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKeys.queue() }),
  });
}
