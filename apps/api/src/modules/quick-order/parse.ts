/*
 * Quick order's input, line by line: pure functions, no database.
 *
 * A line is `part number, quantity`: the columns separated by a tab, else a semicolon, else a
 * comma (the first of these the line holds); cells may be quoted as spreadsheets write them and
 * lose one leading `'` (a spreadsheet's guard against formulas, as the catalogue export writes
 * it). Without a quantity the part's minimum is ordered. Blank lines are skipped but keep their
 * numbers, so "line 12" is the editor's line 12. A first line whose quantity is not a number and
 * whose first cell names a column ("Part number", "SKU", …) is a header and is skipped.
 */
import { partNumberKey } from '@pitstop/core/part-number-key';
import {
  QUICK_ORDER_MAX_LINE_CHARS,
  QUICK_ORDER_MAX_NUMBER_CHARS,
  QUICK_ORDER_MAX_QUANTITY,
} from '@pitstop/core/quick-order';
import { quickOrderTexts } from '@pitstop/core/quick-order-texts';

export interface ParsedLine {
  line: number;
  /** The number as typed, cut to QUICK_ORDER_MAX_NUMBER_CHARS. */
  number: string;
  /** Its key (core partNumberKey); '' when the line has a problem already. */
  key: string;
  /** As typed; null: the part's minimum. */
  quantity: number | null;
  /** A problem found without the catalogue (bad quantity, formula, …). */
  problem: string | null;
}

export interface ParsedInput {
  lines: ParsedLine[];
  headerSkipped: boolean;
}

/** Non-blank lines of a text (what the 500-line limit counts), counted without splitting it. */
export function countLines(text: string): number {
  let count = 0;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      if (!blank) count++;
      blank = true;
    } else if (blank && c !== 32 && c !== 9) {
      blank = false;
    }
  }
  return blank ? count : count + 1;
}

const HEADER = /^(part|item|sku|product|article|number|no\b|#|ref)/i;
const FORMULA = /^[=+\-@]/;

function cellsOf(line: string): string[] {
  const separator = line.includes('\t') ? '\t' : line.includes(';') ? ';' : ',';
  return line.split(separator).map(unquote);
}

function unquote(cell: string): string {
  let c = cell.trim();
  if (c.length >= 2 && c.startsWith('"') && c.endsWith('"')) c = c.slice(1, -1).replace(/""/g, '"').trim();
  if (c.startsWith("'")) c = c.slice(1).trim();
  return c;
}

function quantityOf(cell: string): number | null | 'bad' {
  if (cell === '') return null;
  // "1,000" (grouped) or "1 000"; never a decimal, a sign or an exponent.
  const groups = cell.split(/[, ]/);
  const grouped =
    groups.length > 1 && /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
  const digits = grouped ? groups.join('') : cell;
  if (!/^\d{1,9}$/.test(digits)) return 'bad';
  const n = Number(digits);
  return n >= 1 && n <= QUICK_ORDER_MAX_QUANTITY ? n : 'bad';
}

/** Whether the first non-blank line is a header row (it does not count towards the line limit). */
export function startsWithHeader(text: string): boolean {
  const match = /^[\s\uFEFF]*([^\r\n]*)/.exec(text);
  const first = match?.[1] ?? '';
  if (first.length > QUICK_ORDER_MAX_LINE_CHARS) return false;
  const [numberCell = '', quantityCell = ''] = cellsOf(first);
  return quantityOf(quantityCell) === 'bad' && HEADER.test(numberCell);
}

/** Reads every non-blank line; the caller has checked the line limit (countLines) first. */
export function parseQuickOrder(text: string): ParsedInput {
  const raw = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows = raw.split(/\r\n|\r|\n/);
  const lines: ParsedLine[] = [];
  let headerSkipped = false;
  let first = true;
  rows.forEach((row, index) => {
    if (row.trim() === '') return;
    const line = index + 1;
    if (row.length > QUICK_ORDER_MAX_LINE_CHARS) {
      lines.push({
        line,
        number: row.trim().slice(0, QUICK_ORDER_MAX_NUMBER_CHARS),
        key: '',
        quantity: null,
        problem: quickOrderTexts.lineTooLong(QUICK_ORDER_MAX_LINE_CHARS),
      });
      first = false;
      return;
    }
    // Quantities grouped with commas only survive a line split on tabs or semicolons.
    const [numberCell = '', quantityCell = ''] = cellsOf(row);
    const quantity = quantityOf(quantityCell);
    if (first && quantity === 'bad' && HEADER.test(numberCell)) {
      headerSkipped = true;
      first = false;
      return;
    }
    first = false;
    const number = numberCell.slice(0, QUICK_ORDER_MAX_NUMBER_CHARS);
    const key = partNumberKey(numberCell);
    const problem =
      numberCell === ''
        ? quickOrderTexts.noNumber
        : FORMULA.test(numberCell)
          ? quickOrderTexts.formula
          : numberCell.length > QUICK_ORDER_MAX_NUMBER_CHARS || key === ''
            ? quickOrderTexts.notANumber
            : quantity === 'bad'
              ? quickOrderTexts.badQuantity(QUICK_ORDER_MAX_QUANTITY)
              : null;
    lines.push({
      line,
      number,
      key: problem ? '' : key,
      quantity: quantity === 'bad' ? null : quantity,
      problem,
    });
  });
  return { lines, headerSkipped };
}
