/**
 * Orders names as a reader expects, without the browser's collation: case aside, letter by
 * letter, and a run of digits by its value ("R15 V3" before "R15 V10", "CB350" before "CB1000").
 *
 * `localeCompare` and `Intl.Collator` load the collation data on first use: 30 ms and more of a
 * phone's main thread, which landed in the step that brings the part page's fitment table alive.
 * The same function on the server and in the browser also orders alike whatever ICU each has.
 */
export function naturalCompare(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (isDigit(x.charCodeAt(i)) && isDigit(y.charCodeAt(j))) {
      const startX = i;
      const startY = j;
      while (i < x.length && isDigit(x.charCodeAt(i))) i++;
      while (j < y.length && isDigit(y.charCodeAt(j))) j++;
      const byValue = compareDigits(x.slice(startX, i), y.slice(startY, j));
      if (byValue !== 0) return byValue;
      continue;
    }
    const difference = x.charCodeAt(i) - y.charCodeAt(j);
    if (difference !== 0) return difference;
    i++;
    j++;
  }
  const byLength = x.length - i - (y.length - j);
  if (byLength !== 0) return byLength;
  // Equal but for case: a fixed order, so that sorting gives the same list everywhere.
  return a < b ? -1 : a > b ? 1 : 0;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Two runs of digits by value, of any length ("007" equals "7" by value; the shorter first). */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length - y.length;
  if (x !== y) return x < y ? -1 : 1;
  return a.length - b.length;
}
