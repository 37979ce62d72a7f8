import { z } from 'zod';
import { invoiceTexts } from './invoices-texts.js';
import { searchText, singleLineText } from './text.js';

/**
 * Invoices and statements (issue #30, item 7). Every placed order gets an invoice numbered
 * "INV-2026-000123", gapless per year; an admin records payments against on-account invoices;
 * companies on account get a monthly statement. Money in dollars, as every answer of the API.
 */

/** "INV-2026-000123". */
export function formatInvoiceNumber(year: number, seq: number): string {
  return `INV-${year}-${String(seq).padStart(6, '0')}`;
}

/** An invoice as its readers (the customer, the company's accountants, admins) see it. */
export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  companyName: z.string().nullable(),
  customerName: z.string(),
  email: z.string(),
  poNumber: z.string().nullable(),
  paymentMethod: z.enum(['card', 'account']),
  issuedAt: z.string(),
  /** On account: when it falls due (net 30); null for card orders (due on receipt). */
  dueAt: z.string().nullable(),
  total: z.number(),
  paid: z.number(),
  owed: z.number(),
  overdue: z.boolean(),
  cancelled: z.boolean(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const INVOICE_FILTERS = ['all', 'open', 'overdue', 'paid'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];
export const ADMIN_INVOICES_PAGE_SIZE = 50;

/** GET /api/admin/invoices: newest first, filtered, searched, paged (total in X-Total-Count). */
export const AdminInvoicesQuerySchema = z.object({
  filter: z.enum(INVOICE_FILTERS).default('all'),
  q: searchText().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminInvoicesQuery = z.infer<typeof AdminInvoicesQuerySchema>;

export const PAYMENT_METHODS = ['bank_transfer', 'cheque', 'cash', 'card', 'other'] as const;
export type InvoicePaymentMethod = (typeof PAYMENT_METHODS)[number];

/** "2026-11-27": a calendar day that exists. */
const isDay = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
};

/** A dollar amount as typed ("1,250.50", "$80") or sent (80.5): at most two decimals. */
const amountField = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(/[$,\s]/g, ''))) : v),
  z
    .number({ error: invoiceTexts.amountRequired })
    .refine((n) => Number.isFinite(n), invoiceTexts.amountRequired)
    .refine((n) => n > 0, invoiceTexts.amountPositive)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, invoiceTexts.amountCents)
    .refine((n) => n <= 10_000_000, invoiceTexts.amountRequired),
);

/** POST /api/admin/invoices/:id/payments: money received against an invoice. */
export const RecordPaymentSchema = z.object({
  amount: amountField,
  method: z.enum(PAYMENT_METHODS, { error: invoiceTexts.methodRequired }),
  reference: singleLineText()
    .trim()
    .max(100, invoiceTexts.referenceTooLong)
    .optional()
    .transform((r) => (r ? r : undefined)),
  receivedOn: singleLineText({ error: invoiceTexts.receivedOnInvalid })
    .trim()
    .refine(isDay, invoiceTexts.receivedOnInvalid),
});
export type RecordPaymentInput = z.input<typeof RecordPaymentSchema>;

export const InvoiceIdParamsSchema = z.object({ id: z.uuid() });

/** A payment as recorded. */
export const InvoicePaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS).or(z.string()),
  reference: z.string().nullable(),
  receivedOn: z.string(),
  createdAt: z.string(),
});
export type InvoicePayment = z.infer<typeof InvoicePaymentSchema>;

/** The answer to recording a payment: the invoice as it is now and the payment. */
export const RecordedPaymentSchema = z.object({ invoice: InvoiceSchema, payment: InvoicePaymentSchema });
export type RecordedPayment = z.infer<typeof RecordedPaymentSchema>;

/** A company's monthly statement (dollars); `month` is its first day, "2026-10-01". */
export const StatementSchema = z.object({
  id: z.string(),
  month: z.string(),
  openingBalance: z.number(),
  charges: z.number(),
  payments: z.number(),
  closingBalance: z.number(),
  overdue: z.number(),
  createdAt: z.string(),
});
export type Statement = z.infer<typeof StatementSchema>;

export const StatementIdParamsSchema = z.object({ id: z.uuid() });
