import PDFDocument from 'pdfkit';
import { SHOP_DETAILS, invoiceTexts } from '@pitstop/core/invoices-texts';
import { formatDollars } from '@pitstop/core/money';
import type { AddressValue } from '../../db/schema.js';
import type { InvoiceDocument } from './service.js';

type Doc = PDFKit.PDFDocument;

const MARGIN = 50;
const PAGE_BOTTOM = 792 - MARGIN; // US Letter
const WIDTH = 612 - 2 * MARGIN;

/** The two fonts the documents use: PDF's standard Helvetica, which every reader has (nothing embedded). */
const FONTS = ['Helvetica', 'Helvetica-Bold'] as const;

/** What pdfkit keeps per document that lending a font touches (not in its published types). */
interface FontRegistry {
  _fontFamilies: Record<string, object>;
  _fontCount: number;
  _font: object | null;
}

/**
 * pdfkit parses a standard font's metrics (215 glyph widths, 1,100–1,200 kerning pairs) again for
 * every document, for every order's confirmation mail: a one-line invoice took 1.2 ms, 0.4–0.5 ms
 * without it. Each font is parsed once, in a document of its own, and each new document gets its
 * own font object (its own id and resource, as pdfkit makes them) around those shared, read-only
 * metrics. pdf.test.ts checks the document is byte for byte the one pdfkit makes on its own.
 */
let parsed: Map<string, object> | null = null;

function lendFonts(doc: Doc): void {
  parsed ??= new Map(
    FONTS.map((name) => {
      const source = new PDFDocument({ font: name }) as unknown as FontRegistry;
      return [name, source._font!];
    }),
  );
  const registry = doc as unknown as FontRegistry;
  for (const name of FONTS) {
    const shared = parsed.get(name)!;
    // A copy of the parsed font with this document's own id; `dictionary` (its PDF object) is
    // made by the document that first writes text in it.
    const {
      document: _document,
      dictionary: _dictionary,
      embedded: _embedded,
      ...metrics
    } = shared as Record<string, unknown>;
    registry._fontFamilies[name] = Object.assign(
      Object.create(Object.getPrototypeOf(shared) as object),
      metrics,
      {
        document: doc,
        id: `F${++registry._fontCount}`,
      },
    );
  }
  registry._font = registry._fontFamilies[FONTS[0]]!;
}

/** A PDF drawn by `draw`, as bytes (pdfkit streams; this gathers the stream). */
export function renderPdf(title: string, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: MARGIN,
      info: { Title: title, Author: SHOP_DETAILS.name, Creator: SHOP_DETAILS.name },
      // No font parsed for it: lendFonts gives it the ones parsed once.
      font: null as unknown as string,
    });
    lendFonts(doc);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err as Error);
    }
  });
}

/** "2026-11-27". */
export const day = (iso: string | Date) => (typeof iso === 'string' ? iso : iso.toISOString()).slice(0, 10);

export function addressLines(
  address:
    AddressValue | { name: string; street: string; line2?: string; city: string; state: string; zip: string },
): string[] {
  return [
    address.name,
    address.street,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.zip}`,
  ];
}

/** The shop's name and details at the top left, the document's title and facts at the right. */
export function header(doc: Doc, title: string, facts: [string, string][]): void {
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(18).text(SHOP_DETAILS.name, MARGIN, top);
  doc.font('Helvetica').fontSize(9);
  for (const line of [...SHOP_DETAILS.lines, SHOP_DETAILS.taxId]) doc.text(line);
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(18).text(title, MARGIN, top, { width: WIDTH, align: 'right' });
  doc.fontSize(9);
  for (const [label, value] of facts) {
    doc.font('Helvetica').text(`${label}: `, { width: WIDTH, align: 'right', continued: true });
    doc.font('Helvetica-Bold').text(value);
  }
  doc.y = Math.max(leftBottom, doc.y) + 16;
  doc.x = MARGIN;
}

/** Two blocks side by side (bill to, ship to). */
export function blocks(doc: Doc, left: [string, string[]], right?: [string, string[]]): void {
  const top = doc.y;
  const half = WIDTH / 2 - 10;
  const block = (x: number, [title, lines]: [string, string[]]) => {
    doc.font('Helvetica-Bold').fontSize(10).text(title, x, top, { width: half });
    doc.font('Helvetica').fontSize(9);
    for (const line of lines) doc.text(line, x, undefined, { width: half });
    return doc.y;
  };
  const leftEnd = block(MARGIN, left);
  const rightEnd = right ? block(MARGIN + WIDTH / 2 + 10, right) : leftEnd;
  doc.y = Math.max(leftEnd, rightEnd) + 16;
  doc.x = MARGIN;
}

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * A table: a bold heading row, then the rows, each as tall as its tallest cell; a row that would
 * run past the page's bottom starts a new page with the heading again.
 */
export function table(doc: Doc, columns: Column[], rows: string[][]): void {
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    // Each line's wraps counted from its width (cheaper than laying the text out twice).
    const lineHeight = doc.currentLineHeight(true);
    const heights = cells.map((cell, i) => {
      const width = (columns[i]?.width ?? 50) - 6;
      return cell
        .split('\n')
        .reduce((sum, line) => sum + Math.max(1, Math.ceil(doc.widthOfString(line) / width)) * lineHeight, 0);
    });
    const height = Math.max(...heights, 10) + 6;
    if (doc.y + height > PAGE_BOTTOM) {
      doc.addPage();
      if (!bold)
        drawRow(
          columns.map((c) => c.title),
          true,
        );
    }
    const top = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x + 3, top + 3, { width: column.width - 6, align: column.align ?? 'left' });
      x += column.width;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + WIDTH, top + height)
      .lineWidth(bold ? 1 : 0.3)
      .strokeColor(bold ? '#333333' : '#bbbbbb')
      .stroke();
    doc.y = top + height;
    doc.x = MARGIN;
  };
  drawRow(
    columns.map((c) => c.title),
    true,
  );
  for (const row of rows) drawRow(row, false);
  doc.y += 10;
}

/** Label and amount rows, right-aligned under a table. */
export function totals(doc: Doc, rows: [string, string, boolean?][]): void {
  if (doc.y + rows.length * 14 > PAGE_BOTTOM) doc.addPage();
  for (const [label, amount, bold] of rows) {
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
    doc.text(label, MARGIN + WIDTH - 260, top, { width: 170, align: 'right' });
    doc.text(amount, MARGIN + WIDTH - 90, top, { width: 90, align: 'right' });
    doc.y = top + (bold ? 16 : 13);
  }
  doc.x = MARGIN;
  doc.y += 8;
}

export function paragraph(doc: Doc, text: string, bold = false): void {
  if (doc.y + 20 > PAGE_BOTTOM) doc.addPage();
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(9)
    .text(text, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.5);
}

const money = (dollars: number) => formatDollars(dollars);

/**
 * The PDF invoice: the shop, the invoice's number and dates, bill-to (the company's billing
 * address and tax id, or the customer) and ship-to, every line (retail beside a tier or sale
 * price, the line's discount), subtotal, discount, tax, total, PO number, the payment terms and
 * what is paid so far.
 */
export function invoicePdf({ invoice, order, company }: InvoiceDocument): Promise<Buffer> {
  const t = invoiceTexts;
  return renderPdf(`${t.invoiceTitle} ${invoice.number}`, (doc) => {
    header(doc, t.invoiceTitle, [
      [t.invoiceNumber, invoice.number],
      [t.orderNumber, invoice.orderNumber],
      [t.issued, day(invoice.issuedAt)],
      ...(order.poNumber ? ([[t.poNumber, order.poNumber]] as [string, string][]) : []),
    ]);
    const billTo: string[] = company
      ? [
          ...addressLines(company.billingAddress),
          `${t.taxId}: ${company.taxId}`,
          `Attn: ${order.name} <${order.email}>`,
        ]
      : [order.name, order.email, ...(order.address ? addressLines(order.address).slice(1) : [order.num])];
    blocks(
      doc,
      [t.billTo, billTo],
      order.address ? [t.shipTo, [...addressLines(order.address), order.address.phone]] : undefined,
    );

    const anyDiscount = order.lines.some((l) => (l.discount ?? 0) > 0);
    const columns: Column[] = anyDiscount
      ? [
          { title: t.columns.item, width: 232 },
          { title: t.columns.quantity, width: 40, align: 'right' },
          { title: t.columns.unitPrice, width: 90, align: 'right' },
          { title: t.columns.discount, width: 70, align: 'right' },
          { title: t.columns.amount, width: 80, align: 'right' },
        ]
      : [
          { title: t.columns.item, width: 282 },
          { title: t.columns.quantity, width: 50, align: 'right' },
          { title: t.columns.unitPrice, width: 90, align: 'right' },
          { title: t.columns.amount, width: 90, align: 'right' },
        ];
    const rows = order.lines.map((line) => {
      const item = line.partNumber ? `${line.name}\n${line.partNumber}` : line.name;
      const unit =
        line.listPrice != null && line.listPrice !== line.unitPrice
          ? `${money(line.unitPrice)}\n${t.listPrice(line.listPrice)}`
          : money(line.unitPrice);
      const discount = line.discount ?? 0;
      const amount = money(Math.round((line.total - discount) * 100) / 100);
      return anyDiscount
        ? [item, String(line.quantity), unit, discount ? `-${money(discount)}` : '', amount]
        : [item, String(line.quantity), unit, amount];
    });
    table(doc, columns, rows);

    const discount = order.discount ?? 0;
    totals(doc, [
      [t.subtotal, money(order.subtotal)],
      ...(discount
        ? ([[t.discount(order.discountCode ?? null), `-${money(discount)}`]] as [string, string][])
        : []),
      [company?.taxExempt && order.tax === 0 ? t.taxExempt : t.tax, money(order.tax)],
      [t.total, money(order.total), true],
      [t.paidSoFar, money(invoice.paid)],
      [t.owed, money(invoice.owed), true],
    ]);

    paragraph(doc, t.shipping);
    paragraph(doc, terms(invoice, order), true);
    paragraph(doc, t.footer);
  });
}

function terms(invoice: InvoiceDocument['invoice'], order: InvoiceDocument['order']): string {
  const t = invoiceTexts;
  if (invoice.cancelled) return t.cancelled;
  if (invoice.paymentMethod === 'account') {
    if (invoice.owed === 0 && order.paidAt) return t.termsAccountPaid(day(order.paidAt));
    return t.termsAccount(invoice.dueAt ? day(invoice.dueAt) : '—');
  }
  return order.paidAt ? t.termsCardPaid(day(order.paidAt)) : t.termsCardDue;
}
