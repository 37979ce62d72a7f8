import type { AuditAction, AuditRecordType } from './audit.js';

/**
 * The admins' Activity screen (issue #27): the audit trail in the dashboard. Apart from
 * messages.ts so the first load of every page does not carry them.
 */
export const activityTexts = {
  navLink: 'Activity',
  heading: 'Activity',
  lead: 'Every admin action and security event, newest first. Nothing here can be edited or removed.',
  loading: 'Loading the activity',
  empty: 'Nothing was recorded that matches these filters.',
  filters: 'Filter the activity',
  actor: 'Who',
  actorHint: 'A name, an email or an account id.',
  action: 'Action',
  anyAction: 'Any action',
  recordType: 'Record',
  anyRecord: 'Any record',
  recordId: 'Record id or number',
  from: 'From',
  to: 'To (including)',
  apply: 'Filter',
  clear: 'Clear filters',
  loadMore: 'Older entries',
  loadingMore: 'Loading…',
  end: 'That is the oldest entry.',
  shown: (n: number) => (n === 1 ? '1 entry shown' : `${n} entries shown`),
  when: 'When',
  who: 'Who',
  what: 'What',
  record: 'Record',
  changes: 'Changes',
  from_to: (field: string, before: string, after: string) => `${field}: ${before} → ${after}`,
  only: (field: string, value: string) => `${field}: ${value}`,
  request: (id: string) => `Request ${id}`,
  ip: (ip: string) => `from ${ip}`,
  noChanges: '—',
  empty_value: '(empty)',
} as const;

/** What each action is called on the screen. */
export const auditActionNames: Record<AuditAction, string> = {
  'user.create': 'Added a user',
  'user.delete': 'Deleted a user',
  'user.make_admin': 'Made an admin',
  'user.role_change': 'Role changed',
  'part.create': 'Added a part',
  'part.update': 'Edited a part',
  'part.delete': 'Deleted a part',
  'part.import': 'Imported the catalogue',
  'order.ship': 'Shipped an order',
  'order.deliver': 'Marked delivered',
  'order.cancel': 'Cancelled an order',
  'order.mark_paid': 'Marked paid',
  'order.delete': 'Deleted an order',
  'return.approve': 'Approved a return',
  'return.decline': 'Declined a return',
  'return.receive': 'Received and refunded a return',
  'credit.approve': 'Approved credit',
  'credit.decline': 'Declined credit',
  'settings.update': 'Changed the settings',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.lockout': 'Sign-in locked out',
};

export const auditRecordNames: Record<AuditRecordType, string> = {
  user: 'User',
  part: 'Part',
  catalogue: 'Catalogue',
  order: 'Order',
  return: 'Return',
  credit_application: 'Credit application',
  settings: 'Settings',
};
