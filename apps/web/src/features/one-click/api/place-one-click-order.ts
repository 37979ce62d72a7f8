import type { OneClickOrderInput, OneClickResult } from '@pitstop/core/one-click';
import { apiPost } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency-key';

/**
 * POST /api/orders/one-click (Bearer, Idempotency-Key required): places the order to the default
 * address and charges the newest saved card off-session. Answers the order and `payment` ('paid',
 * or 'requires_action' when the bank wants the customer to confirm); a decline is a 402 problem
 * (the order is cancelled, nothing held); 1-Click not ready is 409, a bad quantity 400.
 */
export function placeOneClickOrder(
  input: OneClickOrderInput,
  idempotencyKey: string,
): Promise<OneClickResult> {
  return apiPost<OneClickResult>('/orders/one-click', input, idempotencyHeader(idempotencyKey));
}
