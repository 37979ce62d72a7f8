import PDFDocument from 'pdfkit';
import { describe, expect, it, vi } from 'vitest';
import { SHOP_DETAILS } from '@pitstop/core/invoices-texts';
import { pdfText } from '../../test/invoices.js';
import { header, paragraph, renderPdf, table, totals } from './pdf.js';

type Doc = PDFKit.PDFDocument;

/** Regular and bold text of many widths, kerned pairs ("AV", "To") and more pages than one. */
function draw(doc: Doc): void {
  header(doc, 'Invoice', [
    ['Invoice', 'INV-2026-000123'],
    ['Issued', '2026-11-28'],
  ]);
  table(
    doc,
    [
      { title: 'Item', width: 282 },
      { title: 'Qty', width: 50, align: 'right' },
      { title: 'Amount', width: 180, align: 'right' },
    ],
    Array.from({ length: 60 }, (_, i) => [
      `AVON Tourist brake pad ${i}\nTo-${1000 + i}`,
      String(i + 1),
      `$${i}.99`,
    ]),
  );
  totals(doc, [
    ['Subtotal', '$1,234.00'],
    ['Total', '$1,323.47', true],
  ]);
  paragraph(doc, 'WAVY Type Tally — kerning matters here', true);
}

/** The document as pdfkit makes it when it parses its own fonts, with renderPdf's options. */
function plainPdf(title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 50,
      info: { Title: title, Author: SHOP_DETAILS.name, Creator: SHOP_DETAILS.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** The bytes without the creation time and the file id made from it: what two renderings may differ in. */
const undated = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');

describe('renderPdf with the fonts parsed once', () => {
  it('writes the same document, byte for byte, as pdfkit parsing its fonts for it', async () => {
    // Each made at another time (a document records when it was made), as in a real run.
    const madeAt = (iso: string, make: () => Promise<Buffer>) => {
      vi.setSystemTime(new Date(iso));
      return make();
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    let made: [Promise<Buffer>, Promise<Buffer>, Promise<Buffer>];
    try {
      made = [
        madeAt('2026-11-28T11:37:51Z', () => renderPdf('Invoice INV-2026-000123', draw)),
        madeAt('2026-11-28T11:37:52Z', () => renderPdf('Invoice INV-2026-000123', draw)),
        madeAt('2026-11-29T00:00:00Z', () => plainPdf('Invoice INV-2026-000123')),
      ];
    } finally {
      vi.useRealTimers();
    }
    const [lent, again, plain] = await Promise.all(made);
    expect(lent.toString('latin1')).toContain('(D:20261128113751Z)');
    expect(plain.toString('latin1')).toContain('(D:20261129000000Z)');
    expect(undated(lent)).toBe(undated(plain));
    expect(undated(again)).toBe(undated(plain));
    // Several pages, both fonts named in it, the text as drawn.
    expect(lent.toString('latin1').match(/\/Type \/Page\b/g)!.length).toBeGreaterThan(1);
    expect(lent.toString('latin1')).toContain('/BaseFont /Helvetica-Bold');
    expect(pdfText(lent)).toContain('WAVY Type Tally');
  });

  it('gives each document its own font objects', async () => {
    const docs: Doc[] = [];
    await Promise.all([1, 2].map(() => renderPdf('t', (doc) => void docs.push(doc.font('Helvetica-Bold')))));
    const fontOf = (doc: Doc) => (doc as unknown as { _font: { document: Doc } })._font;
    expect(fontOf(docs[0]!)).not.toBe(fontOf(docs[1]!));
    expect(fontOf(docs[0]!).document).toBe(docs[0]);
    expect(fontOf(docs[1]!).document).toBe(docs[1]);
  });
});
