import { AppError } from '../../lib/errors.js';
import { orderTermsTexts } from '@pitstop/core/order-terms-texts';
import type { Buyer } from '../companies/membership.js';

/**
 * Whether this buyer may place orders at all (an accountant may not) and whether their PO number
 * is required; throws the refusal. OWNER: approvals and PO numbers (issue #30 items 2–3).
 */
export function assertMayOrder(buyer: Buyer, poNumber: string | undefined): void {
  const membership = buyer.membership;
  if (membership?.poRequired && !poNumber) {
    throw new AppError('invalid', orderTermsTexts.poNumberRequired, [
      { field: 'poNumber', message: orderTermsTexts.poNumberRequired },
    ]);
  }
}

/** A buyer's order over their limit waits for an approver. */
export function approvalNeeded(buyer: Buyer, totalCents: number): boolean {
  const m = buyer.membership;
  return m?.role === 'buyer' && m.orderLimitCents !== null && totalCents > m.orderLimitCents;
}
