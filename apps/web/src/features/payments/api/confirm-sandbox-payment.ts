import type { SandboxCardInput } from '@pitstop/core/payments';
import { apiPost } from '@/lib/api-client';

export interface SandboxPaymentResult {
  status: 'succeeded';
  transactionId: string;
}

/**
 * POST /api/payments/sandbox/confirm (Bearer, test mode only): charges a test card against the
 * intent. 402 carries the card error as its detail ('Your card was declined.'); 400 carries field
 * errors for number, expiry and cvc.
 *
 * Deliberately a plain function and not a mutation hook: a mutation keeps its variables (here the
 * card number) in TanStack Query's mutation cache, and card data must not sit in any cache.
 */
export function confirmSandboxPayment(card: SandboxCardInput): Promise<SandboxPaymentResult> {
  return apiPost<SandboxPaymentResult>('/payments/sandbox/confirm', card);
}
