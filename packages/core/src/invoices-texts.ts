import { formatDollars } from './money.js';

/** The shop's details as invoices and statements print them. */
export const SHOP_DETAILS = {
  name: 'Pitstop Parts',
  lines: ['500 Howard St', 'San Francisco, CA 94105', 'accounts@pitstop.com · (415) 555-0100'],
  taxId: 'EIN 94-1234567',
} as const;

/** Every text invoices, statements and reminders show people (issue #30, item 7). */
export const invoiceTexts = {
  // The PDF invoice.
  invoiceTitle: 'Invoice',
  invoiceNumber: 'Invoice number',
  orderNumber: 'Order',
  issued: 'Issued',
  poNumber: 'PO number',
  billTo: 'Bill to',
  shipTo: 'Ship to',
  taxId: 'Tax id',
  columns: { item: 'Item', quantity: 'Qty', unitPrice: 'Unit price', discount: 'Discount', amount: 'Amount' },
  listPrice: (dollars: number) => `list ${formatDollars(dollars)}`,
  subtotal: 'Subtotal',
  discount: (code: string | null) => (code ? `Discount (${code})` : 'Discount'),
  tax: 'Sales tax',
  taxExempt: 'Sales tax (exempt)',
  shipping: 'Shipping: free',
  total: 'Total',
  paidSoFar: 'Paid so far',
  owed: 'Amount due',
  termsCardPaid: (day: string) => `Paid by card on ${day}. Thank you.`,
  termsCardDue: 'Payment by card, due on receipt.',
  termsAccount: (day: string) => `On account, net 30: due ${day}.`,
  termsAccountPaid: (day: string) => `On account, net 30: paid in full on ${day}. Thank you.`,
  cancelled: 'This order was cancelled: nothing is owed.',
  footer: 'Questions about this invoice: accounts@pitstop.com, quoting the invoice number.',
  fileName: (number: string) => `${number}.pdf`,

  // The confirmation mail.
  attachedNote: (number: string) => `Your invoice ${number} is attached as a PDF.`,

  // The admin's list and payments.
  adminTitle: 'Invoices',
  adminIntro: 'Every invoice with what is paid and what is owed. Record a cheque or a transfer against one.',
  searchLabel: 'Search by invoice, order, PO number, company or email',
  search: 'Search',
  filterLabel: 'Show',
  filters: { all: 'All', open: 'Open', overdue: 'Overdue', paid: 'Paid' },
  head: {
    number: 'Invoice',
    order: 'Order',
    billTo: 'Company or customer',
    total: 'Total',
    paid: 'Paid',
    owed: 'Owed',
    due: 'Due',
    actions: 'Actions',
  },
  dueOnReceipt: 'On receipt',
  overdue: 'Overdue',
  paidInFull: 'Paid',
  none: 'No invoices match.',
  download: 'PDF',
  downloadInvoice: (number: string) => `Download invoice ${number} (PDF)`,
  recordPayment: 'Record payment',
  recordPaymentFor: (number: string) => `Record a payment for ${number}`,
  amount: 'Amount ($)',
  method: 'Method',
  methods: { bank_transfer: 'Bank transfer', cheque: 'Cheque', cash: 'Cash', card: 'Card', other: 'Other' },
  reference: 'Reference (optional)',
  receivedOn: 'Received on',
  save: 'Record payment',
  cancel: 'Cancel',
  recorded: (amount: number, number: string) => `${formatDollars(amount)} recorded against ${number}.`,
  loadFailed: 'The invoices could not be loaded.',
  retry: 'Retry',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,

  // Refusals.
  amountRequired: 'Enter the amount received, in dollars.',
  amountPositive: 'The amount must be more than $0.00.',
  amountCents: 'Use at most two decimals (cents).',
  amountAboveOwed: (owed: number) => `That is more than is owed: ${formatDollars(owed)}.`,
  nothingOwed: 'Nothing is owed on this invoice.',
  methodRequired: 'Choose how it was paid.',
  receivedOnInvalid: 'Enter the date it was received (YYYY-MM-DD).',
  receivedOnFuture: 'The date received cannot be in the future.',
  referenceTooLong: 'Keep the reference under 100 characters.',
  notFound: 'No such invoice.',
  cardOrder: 'A card order is paid through its card payment, not here.',
  cancelledOrder: 'This order was cancelled: nothing is owed.',
  orderPaidEvent: (number: string, amount: number) =>
    `Payment of ${formatDollars(amount)} recorded on ${number}`,

  // The order page.
  orderInvoice: 'Invoice',
  orderInvoiceLink: (number: string) => `Download invoice ${number} (PDF)`,

  // Reminders.
  reminderSubject: (number: string, days: number) =>
    `Reminder: Pitstop Parts invoice ${number} is ${days} days past due`,
  reminderBody: (p: {
    number: string;
    orderNumber: string;
    days: number;
    due: string;
    owed: number;
    url: string;
  }) =>
    [
      `Invoice ${p.number} for order ${p.orderNumber} fell due on ${p.due} and is now ${p.days} days past due.`,
      `Still owed: ${formatDollars(p.owed)}.`,
      '',
      `The invoice: ${p.url}`,
      '',
      'If you have paid already, thank you: please disregard this mail. Questions: accounts@pitstop.com.',
    ].join('\n'),
} as const;

/** Texts of the monthly statements. */
export const statementTexts = {
  title: 'Statement',
  pageTitle: 'Statements',
  intro: 'Your company’s monthly statement of its account, made on the 1st: download it as a PDF or a CSV.',
  month: 'Month',
  opening: 'Opening balance',
  charges: 'Orders',
  payments: 'Payments',
  closing: 'Closing balance',
  overdue: 'Overdue',
  downloads: 'Downloads',
  pdf: 'PDF',
  csv: 'CSV',
  downloadPdf: (month: string) => `Download the statement for ${month} (PDF)`,
  downloadCsv: (month: string) => `Download the statement for ${month} (CSV)`,
  none: 'No statements yet: the first one is made on the 1st after your first order on account.',
  forbidden: 'Only the company’s owner and accountants see its statements.',
  notMember: 'Statements are for company accounts.',
  notFound: 'No such statement.',
  loadFailed: 'The statements could not be loaded.',
  retry: 'Retry',
  invoicesTitle: 'Invoices',
  invoicesIntro: 'Every invoice of the company, with what is paid and what is owed.',
  noInvoices: 'No invoices yet.',
  loading: 'Loading statements',
  period: (from: string, to: string) => `${from} to ${to}`,
  openInvoices: 'Open invoices at the end of the month',
  activity: 'Activity',
  noActivity: 'No orders or payments this month.',
  columns: { date: 'Date', what: 'What', reference: 'Reference', amount: 'Amount', due: 'Due', owed: 'Owed' },
  orderLine: (orderNumber: string, po: string | null) =>
    po ? `Order ${orderNumber} (PO ${po})` : `Order ${orderNumber}`,
  paymentLine: (method: string) => `Payment (${method})`,
  monthName: (month: string) => {
    const [y, m] = month.split('-').map(Number);
    return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1)).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  },
  mailSubject: (company: string, month: string) => `${company}: your Pitstop Parts statement for ${month}`,
  mailBody: (p: { company: string; month: string; closing: number; overdue: number; url: string }) =>
    [
      `The statement of ${p.company}'s account for ${p.month} is ready.`,
      `Closing balance: ${formatDollars(p.closing)}. Overdue: ${formatDollars(p.overdue)}.`,
      '',
      `Download it as a PDF or a CSV (owner and accountants, signed in): ${p.url}`,
    ].join('\n'),
  fileName: (company: string, month: string, ext: 'pdf' | 'csv') =>
    `statement-${
      company
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase() || 'company'
    }-${month.slice(0, 7)}.${ext}`,
} as const;
