import { z } from 'zod';
import { approvalsTexts } from './approvals-texts.js';
import { OrderLineSchema } from './orders.js';
import { multiLineText } from './text.js';

export const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'expired'] as const;

/** `:orderId` of POST /api/company/approvals/:orderId/approve|decline. */
export const ApprovalParamsSchema = z.object({ orderId: z.uuid() });

/** POST /api/company/approvals/:orderId/decline: why, which the buyer reads. */
export const DeclineSchema = z.object({
  reason: multiLineText().trim().min(1, approvalsTexts.reasonRequired).max(500, approvalsTexts.reasonTooLong),
});
export type DeclineInput = z.infer<typeof DeclineSchema>;

/** One order waiting for a company's approver (money in dollars). */
export const ApprovalSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  createdAt: z.string(),
  /** When its hold runs out and it is cancelled if nobody decided. */
  expiresAt: z.string().nullable(),
  buyer: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  /** The buyer's limit when they ordered. */
  limit: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  total: z.number(),
  poNumber: z.string().nullable(),
  paymentMethod: z.enum(['card', 'account']),
  lines: z.array(OrderLineSchema),
});
export type Approval = z.infer<typeof ApprovalSchema>;

/** GET /api/company/approvals: the company's orders waiting for approval, oldest first. */
export const ApprovalQueueSchema = z.object({ items: z.array(ApprovalSchema) });
export type ApprovalQueue = z.infer<typeof ApprovalQueueSchema>;
