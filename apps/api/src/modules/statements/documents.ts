import { statementTexts } from '@pitstop/core/invoices-texts';
import { formatDollars } from '@pitstop/core/money';
import { addressLines, blocks, header, paragraph, renderPdf, table, totals } from '../invoices/pdf.js';
import type { StatementDocument } from './service.js';

const money = (cents: number) => formatDollars(cents / 100);
const plain = (cents: number) => (cents / 100).toFixed(2);

/** The statement as a PDF: the company, the month's figures, its activity and what is still open. */
export function statementPdf(document: StatementDocument): Promise<Buffer> {
  const t = statementTexts;
  const { statement, company } = document;
  const month = t.monthName(statement.month);
  return renderPdf(`${t.title} ${company.name} ${month}`, (doc) => {
    header(doc, t.title, [
      [t.month, month],
      ['Issued', statement.createdAt.slice(0, 10)],
    ]);
    blocks(doc, [
      company.name,
      [...addressLines(company.billingAddress).slice(1), `Tax id: ${company.taxId}`],
    ]);
    totals(doc, [
      [t.opening, formatDollars(statement.openingBalance)],
      [t.charges, formatDollars(statement.charges)],
      [t.payments, `-${formatDollars(statement.payments)}`],
      [t.closing, formatDollars(statement.closingBalance), true],
      [t.overdue, formatDollars(statement.overdue), true],
    ]);
    paragraph(doc, t.activity, true);
    if (document.activity.length === 0) paragraph(doc, t.noActivity);
    else
      table(
        doc,
        [
          { title: t.columns.date, width: 80 },
          { title: t.columns.what, width: 200 },
          { title: t.columns.reference, width: 140 },
          { title: t.columns.amount, width: 92, align: 'right' },
        ],
        document.activity.map((a) => [a.date, a.what, a.reference, money(a.amountCents)]),
      );
    paragraph(doc, t.openInvoices, true);
    table(
      doc,
      [
        { title: 'Invoice', width: 130 },
        { title: 'Order', width: 90 },
        { title: 'Issued', width: 80 },
        { title: t.columns.due, width: 110 },
        { title: t.columns.owed, width: 102, align: 'right' },
      ],
      document.open.map((o) => [
        o.number,
        o.orderNumber,
        o.issued,
        o.due ? (o.overdue ? `${o.due} (overdue)` : o.due) : '',
        money(o.owedCents),
      ]),
    );
  });
}

/**
 * A spreadsheet's cell: quoted when it holds a comma, quote or line break; a text starting with
 * = + - @ (or a tab or CR) is prefixed with ' so no spreadsheet runs it as a formula.
 */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The statement as CSV: the figures, then one row per order or payment, then the open invoices. */
export function statementCsv(document: StatementDocument): string {
  const { statement, company } = document;
  const rows: (string | number)[][] = [
    ['section', 'date', 'description', 'reference', 'amount', 'due', 'overdue'],
    [
      'summary',
      statement.month,
      company.name,
      'opening_balance',
      statement.openingBalance.toFixed(2),
      '',
      '',
    ],
    ['summary', statement.month, company.name, 'charges', statement.charges.toFixed(2), '', ''],
    ['summary', statement.month, company.name, 'payments', statement.payments.toFixed(2), '', ''],
    [
      'summary',
      statement.month,
      company.name,
      'closing_balance',
      statement.closingBalance.toFixed(2),
      '',
      '',
    ],
    ['summary', statement.month, company.name, 'overdue', statement.overdue.toFixed(2), '', ''],
    ...document.activity.map((a) => ['activity', a.date, a.what, a.reference, plain(a.amountCents), '', '']),
    ...document.open.map((o) => [
      'open_invoice',
      o.issued,
      o.orderNumber,
      o.number,
      plain(o.owedCents),
      o.due ?? '',
      o.overdue ? 'yes' : 'no',
    ]),
  ];
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
