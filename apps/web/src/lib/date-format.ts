/**
 * An en-US Intl.DateTimeFormat made on first use. Making one loads the locale's data, about 15 ms
 * of a phone's main thread: at a module's top level that landed on every page that loads the
 * module, dates shown or not. The medium dates (reviews on the public pages, orders, users) skip
 * Intl altogether: mediumDate below.
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat('en-US', options)).format(date) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Nov 26, 2026" in the visitor's time zone: what en-US's medium date style writes, written out.
 * Review dates are on the public pages, which come alive in short steps; the first Intl format
 * of a page would load the locale's data inside one of them.
 */
export function mediumDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** mediumDate of a stored ISO time; null for none, or for one that is not a date. */
export function mediumDateOf(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : mediumDate(date);
}
