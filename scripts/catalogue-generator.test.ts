import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvColumn } from '@pitstop/core/catalogue-io';
import { BRANDS } from '@pitstop/core/catalogue';
import { partNumberKey } from '@pitstop/core/part-number-key';
import { readHeader, readRow, type CsvPart } from '../apps/api/src/modules/catalogue-io/csv.ts';
import { AFTERMARKET_BRANDS, writeCatalogue, type GenerateSummary } from './catalogue-generator.ts';

async function generate(parts: number, seed: number): Promise<{ text: string; summary: GenerateSummary }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const summary = await writeCatalogue(out, { parts, seed });
  out.end();
  return { text: Buffer.concat(chunks).toString('utf8'), summary };
}

/** Every row as the import reads it (its own rules), failing the test on the first refusal. */
function readAll(text: string): CsvPart[] {
  const [header, ...records] = parse(text, { bom: true }) as string[][];
  expect(readHeader(header ?? []).ok).toBe(true);
  return records.map((record, i) => {
    const cells = Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((c, j) => [c, record[j] ?? ''])) as Record<
      CatalogueCsvColumn,
      string
    >;
    const row = readRow(cells);
    if (!row.ok) throw new Error(`line ${i + 2}: ${JSON.stringify(row.errors)}`);
    return row.part;
  });
}

describe('the catalogue generator', () => {
  it('writes rows the import takes whole, with about three other numbers per part', async () => {
    const { text, summary } = await generate(3000, 8);
    const parts = readAll(text);
    expect(parts).toHaveLength(3000);
    const numbers = parts.flatMap((p) => p.numbers);
    expect(numbers).toHaveLength(summary.numbers);
    expect(summary.numbers / 3000).toBeGreaterThan(2.8);
    expect(summary.numbers / 3000).toBeLessThan(3.3);
    for (const kind of ['oem', 'interchange', 'supersedes'] as const) {
      expect(numbers.filter((n) => n.kind === kind).length).toBeGreaterThan(100);
    }
    // OEM numbers name a bike maker; interchange numbers an aftermarket brand.
    expect(new Set(numbers.filter((n) => n.kind === 'oem').map((n) => n.brand))).toEqual(new Set(BRANDS));
    for (const n of numbers.filter((x) => x.kind === 'interchange')) {
      expect(AFTERMARKET_BRANDS).toContain(n.brand);
    }
    // Some parts are aftermarket brands' own.
    expect(parts.filter((p) => AFTERMARKET_BRANDS.includes(p.brand)).length).toBe(summary.aftermarket);
    expect(summary.aftermarket / 3000).toBeGreaterThan(0.1);
  });

  it('makes chains of replacements through earlier parts, never a loop', async () => {
    const parts = readAll((await generate(3000, 11)).text);
    const byKey = new Map(parts.map((p) => [partNumberKey(p.partNumber), p]));
    const replacedBy = new Map<string, string>();
    for (const p of parts) {
      for (const n of p.numbers.filter((x) => x.kind === 'supersedes')) {
        // One replacement per replaced part.
        expect(replacedBy.has(partNumberKey(n.number))).toBe(false);
        replacedBy.set(partNumberKey(n.number), partNumberKey(p.partNumber));
      }
    }
    let longest = 0;
    for (const start of replacedBy.keys()) {
      let length = 0;
      const seen = new Set<string>();
      for (let at: string | undefined = start; at !== undefined; at = replacedBy.get(at)) {
        expect(seen.has(at), 'a loop of replacements').toBe(false);
        seen.add(at);
        length++;
      }
      longest = Math.max(longest, length - 1);
    }
    // An old number, then two or three parts replacing each other in turn.
    expect(longest).toBeGreaterThanOrEqual(3);
    expect([...replacedBy.keys()].some((k) => byKey.has(k))).toBe(true);
  });

  it('is the same file for the same seed', async () => {
    expect((await generate(200, 5)).text).toBe((await generate(200, 5)).text);
  });
});
