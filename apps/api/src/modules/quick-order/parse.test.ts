import { describe, expect, it } from 'vitest';
import { quickOrderTexts } from '@pitstop/core/quick-order-texts';
import { countLines, parseQuickOrder, startsWithHeader } from './parse.js';

describe('reading quick-order lines', () => {
  it('takes commas, semicolons and tabs, quotes, a spreadsheet guard, a BOM and Windows line ends', () => {
    const { lines, headerSkipped } = parseQuickOrder(
      '\uFEFFSKU;Qty\r\n"15-9080",2\r\nFA196HH;4\r\n\r\nKMG 100\t1 000\r\n\'=not-a-formula,1\r\nabc,"3"',
    );
    expect(headerSkipped).toBe(true);
    expect(lines.map((l) => [l.line, l.number, l.key, l.quantity, l.problem])).toEqual([
      [2, '15-9080', '159080', 2, null],
      [3, 'FA196HH', 'fa196hh', 4, null],
      [5, 'KMG 100', 'kmg100', 1000, null],
      // One leading ' is a spreadsheet's guard: the rest is still a formula, so it is refused.
      [6, '=not-a-formula', '', 1, quickOrderTexts.formula],
      [7, 'abc', 'abc', 3, null],
    ]);
  });

  it('leaves the quantity to the part when there is none, and refuses bad ones', () => {
    const { lines } = parseQuickOrder('A1\nA2,\nA3,0\nA4,1e3\nA5,100000\nA6,1,5\nA7;1,500');
    expect(lines.map((l) => [l.number, l.quantity, l.problem === null])).toEqual([
      ['A1', null, true],
      ['A2', null, true],
      ['A3', null, false],
      ['A4', null, false],
      ['A5', null, false],
      ['A6', 1, true], // "1,5" with commas as columns: quantity 1, the rest ignored
      ['A7', 1500, true],
    ]);
  });

  it('counts non-blank lines without splitting, and knows a header row', () => {
    expect(countLines('')).toBe(0);
    expect(countLines(' \n\t\r\n')).toBe(0);
    expect(countLines('a\nb\r\n\r\nc')).toBe(3);
    expect(countLines('a\rb')).toBe(2);
    expect(startsWithHeader('\n  Part number,Quantity\nA,1')).toBe(true);
    expect(startsWithHeader('Part-1,2')).toBe(false);
    expect(startsWithHeader('Item\tQty')).toBe(true);
    expect(startsWithHeader('15-9080,abc')).toBe(false);
  });
});
