import { z } from 'zod';
import { singleLineText } from './text.js';

/**
 * The audit trail (issue #27): every admin action and security event, as the API answers it at
 * GET /api/admin/activity. Rows are written by the server in the same transaction as the change
 * they record and are never edited or removed (a database trigger refuses it).
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.delete',
  'user.make_admin',
  'user.role_change',
  'part.create',
  'part.update',
  'part.delete',
  'part.import',
  'brand.create',
  'brand.update',
  'brand.delete',
  'assembly.create',
  'assembly.update',
  'assembly.delete',
  'assembly.import',
  'order.ship',
  'order.deliver',
  'order.cancel',
  'order.mark_paid',
  'order.delete',
  'invoice.record_payment',
  'return.approve',
  'return.decline',
  'return.receive',
  'credit.approve',
  'credit.decline',
  'company.create',
  'company.update',
  'company.invite',
  'company.invitation_revoke',
  'company.join',
  'company.member_change',
  'company.member_remove',
  'price_list.create',
  'price_list.update',
  'price_list.delete',
  'price_list.assign',
  'sale.create',
  'sale.delete',
  'tax_exemption.upload',
  'tax_exemption.approve',
  'tax_exemption.decline',
  'settings.update',
  'auth.password_reset_requested',
  'auth.password_reset',
  'auth.lockout',
  'promotion.create',
  'promotion.update',
  'promotion.deactivate',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RECORD_TYPES = [
  'user',
  'part',
  'brand',
  'assembly',
  'catalogue',
  'order',
  'return',
  'promotion',
  'credit_application',
  'invoice',
  'price_list',
  'sale',
  'tax_exemption',
  'settings',
  'company',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

export const ACTIVITY_PAGE_SIZE = 50;

/** A filter's text: the shop's text rule (no control characters, decision 027). */
const filterText = (max: number) => singleLineText().trim().min(1).max(max);

/**
 * GET /api/admin/activity: newest first, filtered by actor (their id, or part of their name or
 * email), action, record (its kind and/or id) and a time range (`from` inclusive, `to` exclusive,
 * as ISO times: the web sends the admin's local midnights). `before` is the cursor of the last
 * row of the previous page (keyset on created_at, id).
 */
export const ActivityQuerySchema = z.object({
  actor: filterText(200).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  recordType: z.enum(AUDIT_RECORD_TYPES).optional(),
  recordId: filterText(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  before: singleLineText()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a page of this list')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ACTIVITY_PAGE_SIZE),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

/** What changed, field by field: only the fields that changed, never a password, token or hash. */
export const AuditValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const ActivityEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  recordType: z.string(),
  recordId: z.string().nullable(),
  before: AuditValuesSchema,
  after: AuditValuesSchema,
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

/** One page, newest first; `next` is the cursor of the next (older) page, null at the end. */
export const ActivityPageSchema = z.object({
  items: z.array(ActivityEntrySchema),
  next: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;
