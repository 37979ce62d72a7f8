/**
 * An en-US Intl.DateTimeFormat made on first use. Making one loads the locale's data, about 15 ms
 * of a phone's main thread: at a module's top level that landed on every page that loads the
 * module (the part page's reviews), dates shown or not.
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat('en-US', options)).format(date) };
}
