import { AppError } from '../../lib/errors.js';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { orderTermsTexts } from '@pitstop/core/order-terms-texts';
import type { Buyer } from '../companies/membership.js';

/**
 * Whether this buyer may place orders at all (an accountant may not: 403 naming why) and whether
 * their PO number is required (400 on `poNumber`); throws the refusal. Someone in no company
 * orders as before.
 */
export function assertMayOrder(buyer: Buyer, poNumber: string | undefined): void {
  const membership = buyer.membership;
  if (membership?.role === 'accountant') {
    throw new AppError('forbidden', approvalsTexts.accountantMayNotOrder);
  }
  if (membership?.poRequired && !poNumber) {
    throw new AppError('invalid', orderTermsTexts.poNumberRequired, [
      { field: 'poNumber', message: orderTermsTexts.poNumberRequired },
    ]);
  }
}

/** A buyer's order over their limit waits for an approver (owners and approvers order freely). */
export function approvalNeeded(buyer: Buyer, totalCents: number): boolean {
  const m = buyer.membership;
  return m?.role === 'buyer' && m.orderLimitCents !== null && totalCents > m.orderLimitCents;
}
